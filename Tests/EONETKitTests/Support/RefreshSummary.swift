import EONETKit

/// The refresh updates of a test folded into what they say: the categories, the events loaded, the
/// failures, the completion order.
struct RefreshSummary {
  var categories: [EOCategory] = []
  var events: [String: EOFetched<[EOEvent]>] = [:]
  var failures: [String: EONETError] = [:]
  var started: [String] = []
  var completionOrder: [String] = []

  init(_ updates: [EORefreshUpdate]) {
    for update in updates {
      switch update {
      case .listed(let list): categories = list
      case .started(let category): started.append(category.id)
      case .loaded(let category, let fetched):
        events[category.id] = fetched
        completionOrder.append(category.id)
      case .failed(let category, let error):
        failures[category.id] = error
        completionOrder.append(category.id)
      }
    }
  }

  var completed: Int { completionOrder.count }
  var isComplete: Bool { !categories.isEmpty && completed == categories.count }
}
