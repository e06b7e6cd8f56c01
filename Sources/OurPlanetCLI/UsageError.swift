/// A command line that cannot be run; exits with status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
