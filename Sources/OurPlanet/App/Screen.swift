/// Where the user is.
enum Screen: Equatable {
  /// The categories list.
  case categories
  /// The events of one category.
  case events(categoryID: String)
  /// One event.
  case detail(categoryID: String, eventID: String)
}
