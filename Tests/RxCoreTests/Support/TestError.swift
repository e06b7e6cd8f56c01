/// The errors the marble tests inject.
enum TestError: Error, Equatable, CustomStringConvertible {
  case boom
  case other

  var description: String {
    switch self {
    case .boom: return "boom"
    case .other: return "other"
    }
  }
}
