#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE for ncursesw, so ask for the wide API explicitly.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Swift cannot import function-like macros or treat curses' global variables as safe shared state,
// so every one the Swift side needs gets a static inline wrapper here: no magic numbers in Swift.

// wcwidth is only declared under _XOPEN_SOURCE, which SwiftPM drops (see above).
extern int wcwidth(wchar_t c);

// MARK: - Attributes

static inline attr_t cncursesw_a_normal(void) { return A_NORMAL; }
static inline attr_t cncursesw_a_bold(void) { return A_BOLD; }
static inline attr_t cncursesw_a_dim(void) { return A_DIM; }
static inline attr_t cncursesw_a_reverse(void) { return A_REVERSE; }
static inline attr_t cncursesw_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncursesw_a_standout(void) { return A_STANDOUT; }
static inline attr_t cncursesw_a_color(void) { return A_COLOR; }
static inline attr_t cncursesw_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

// MARK: - Screens and windows

static inline WINDOW *cncursesw_stdscr(void) { return stdscr; }
static inline WINDOW *cncursesw_curscr(void) { return curscr; }
static inline int cncursesw_lines(void) { return LINES; }
static inline int cncursesw_cols(void) { return COLS; }
static inline int cncursesw_colors(void) { return COLORS; }
static inline int cncursesw_color_pairs(void) { return COLOR_PAIRS; }

/// getmaxyx as a function: writes the window's size in rows and columns.
static inline void cncursesw_getmaxyx(WINDOW *win, int *rows, int *cols) {
  int y, x;
  getmaxyx(win, y, x);
  *rows = y;
  *cols = x;
}

// MARK: - Keys

static inline int cncursesw_key_f(int n) { return KEY_F(n); }
static inline int cncursesw_key_f0(void) { return KEY_F0; }
static inline int cncursesw_key_max_function(void) { return 63; /* KEY_F(63) is curses' highest */ }

// MARK: - Mouse

static inline int cncursesw_key_mouse(void) { return KEY_MOUSE; }

/// Turns mouse reporting on (presses, releases, the wheel; no click synthesis: the caller tells a
/// click from a drag) or off. Returns whether the terminal reports the mouse at all.
static inline int cncursesw_enable_mouse(int on) {
  mmask_t wanted = on ? (ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION) : 0;
  mmask_t old = 0;
  mmask_t got = mousemask(wanted, &old);
  mouseinterval(0);
  return got != 0;
}

/// The pending mouse event: its cell and a summary of its buttons (see below). Returns 0 when none.
static inline int cncursesw_get_mouse(int *x, int *y, int *kind) {
  MEVENT event;
  if (getmouse(&event) != OK) return 0;
  *x = event.x;
  *y = event.y;
  mmask_t state = event.bstate;
  if (state & BUTTON4_PRESSED) *kind = 4;          // wheel up
#if defined(BUTTON5_PRESSED)
  else if (state & BUTTON5_PRESSED) *kind = 5;     // wheel down
#endif
  else if (state & BUTTON1_PRESSED) *kind = 1;     // left press
  else if (state & BUTTON1_RELEASED) *kind = 2;    // left release
  else if (state & (BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED)) *kind = 7;  // curses made it
  else if (state & BUTTON1_CLICKED) *kind = 3;     // a click curses made
  else if (state & REPORT_MOUSE_POSITION) *kind = 6;  // motion
  else *kind = 0;
  return 1;
}

// MARK: - Line drawing (the ACS_* macros index a table curses fills at start-up)

static inline chtype cncursesw_acs_hline(void) { return ACS_HLINE; }
static inline chtype cncursesw_acs_vline(void) { return ACS_VLINE; }
static inline chtype cncursesw_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype cncursesw_acs_urcorner(void) { return ACS_URCORNER; }
static inline chtype cncursesw_acs_llcorner(void) { return ACS_LLCORNER; }
static inline chtype cncursesw_acs_lrcorner(void) { return ACS_LRCORNER; }
static inline chtype cncursesw_acs_block(void) { return ACS_BLOCK; }
static inline chtype cncursesw_acs_larrow(void) { return ACS_LARROW; }
static inline chtype cncursesw_acs_rarrow(void) { return ACS_RARROW; }
static inline chtype cncursesw_acs_diamond(void) { return ACS_DIAMOND; }

// MARK: - Locale

/// Whether the current LC_CTYPE encodes characters as UTF-8.
static inline int cncursesw_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  if (codeset == NULL) return 0;
  return (codeset[0] == 'U' || codeset[0] == 'u') && (codeset[1] == 'T' || codeset[1] == 't')
    && (codeset[2] == 'F' || codeset[2] == 'f')
    && ((codeset[3] == '-' && codeset[4] == '8' && codeset[5] == 0)
        || (codeset[3] == '8' && codeset[4] == 0));
}

/// The LC_ALL category for setlocale.
static inline int cncursesw_lc_all(void) { return LC_ALL; }
static inline int cncursesw_lc_ctype_mask(void) { return LC_CTYPE_MASK; }

#endif
