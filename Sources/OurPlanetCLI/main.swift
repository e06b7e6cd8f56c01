import Foundation

// A parent can hand down a signal mask that blocks Ctrl-C and SIGTERM (a program that spawns from a
// thread that blocks them, as test runners and some supervisors do); ourplanet must still end on them.
// Dispositions set to "ignore" (nohup, background jobs) are inherited on purpose and left alone.
var endingSignals = sigset_t()
sigemptyset(&endingSignals)
for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGCONT] { sigaddset(&endingSignals, number) }
pthread_sigmask(SIG_UNBLOCK, &endingSignals, nil)

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
