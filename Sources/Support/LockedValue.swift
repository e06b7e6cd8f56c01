// The package's one lock box is RxCore's (a pthread mutex, which ThreadSanitizer sees): Support passes
// it on, so every module that imports Support uses that type and no copy of it.
@_exported import class RxCore.LockedValue
