#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ObservableType {
  /// Prints every event, the subscription and the disposal on standard output, each line prefixed with a
  /// timestamp and `identifier` (by default the file name, line and function of the call).
  ///
  /// Lines look like `2024-05-01 12:00:00.123: MyFile.swift:12 (f()) -> Event next(1)`. With `trimOutput`,
  /// event descriptions longer than 40 characters are shortened.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
    function: String = #function
  ) -> Observable<Element> {
    debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function) { print($0) }
  }

  /// ``debug(_:trimOutput:file:line:function:)`` writing its lines to `output` instead of standard output.
  func debug(
    _ identifier: String?, trimOutput: Bool, file: String, line: UInt, function: String,
    output: @escaping (String) -> Void
  ) -> Observable<Element> {
    let name: String
    if let identifier {
      name = identifier
    } else {
      let fileName =
        file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
      name = "\(fileName):\(line) (\(function))"
    }
    return Debug(source: self, identifier: name, trimOutput: trimOutput, output: output)
  }
}

private final class Debug<Source: ObservableType>: Producer<Source.Element> {
  let source: Source
  let identifier: String
  let trimOutput: Bool
  let output: (String) -> Void

  init(source: Source, identifier: String, trimOutput: Bool, output: @escaping (String) -> Void) {
    self.source = source
    self.identifier = identifier
    self.trimOutput = trimOutput
    self.output = output
  }

  func log(_ content: String) {
    output("\(debugTimestamp()): \(identifier) -> \(content)")
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable)
  where Observer.Element == Source.Element {
    let sink = DebugSink(parent: self, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

private final class DebugSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
  private let parent: Debug<Source>

  init(parent: Debug<Source>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
    parent.log("subscribed")
  }

  func on(_ event: Event<Observer.Element>) {
    let maxLength = 40
    let text = "\(event)"
    let shown =
      parent.trimOutput && text.count > maxLength
      ? String(text.prefix(maxLength / 2)) + "..." + String(text.suffix(maxLength / 2))
      : text
    parent.log("Event \(shown)")
    forwardOn(event)
    if event.isStopEvent { dispose() }
  }

  override func dispose() {
    if !isDisposed { parent.log("isDisposed") }
    super.dispose()
  }
}

/// The local time as `yyyy-MM-dd HH:mm:ss.SSS`.
private func debugTimestamp() -> String {
  var spec = timespec()
  clock_gettime(CLOCK_REALTIME, &spec)
  var seconds = spec.tv_sec
  var parts = tm()
  localtime_r(&seconds, &parts)
  func pad(_ value: Int32, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
  let millis = Int32(spec.tv_nsec / 1_000_000)
  return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2)) "
    + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(millis, 3))"
}
