#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE for ncursesw, so ask for the wide API explicitly.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

#endif
