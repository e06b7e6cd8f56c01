import EONETKit
import Foundation
import OurPlanetModel
import Support

/// `ourplanet image <event-id> [--layer L] [--date D] --output FILE.png`: the satellite image of an
/// event's place on its day, written as the server sent it.
///
/// The event is looked up in the catalog the other commands load (the network, else the stored
/// data); the box and the day are the imagery pane's (``ImageryRequest/framing(_:width:height:today:layer:date:)``),
/// at ``size`` pixels. The image comes from the cache when it is there.
enum ImageCommand {
  /// The size of the image written, in pixels (GIBS's EPSG:4326 pixels are square in degrees).
  static let size = (width: 1024, height: 640)

  /// Runs the command.
  ///
  /// - Returns: 0 when the image was written, 1 with the reason otherwise, 2 without `--output`.
  static func run(_ options: Options, eventID: String, client: EONETClient) -> Int32 {
    guard let output = options.output else {
      Console.error("'image' needs --output FILE.png\nTry 'ourplanet --help'.")
      return 2
    }
    guard let imagery = CLI.makeImageryClient(options, client: client) else {
      Console.error("no image: imagery is off (--imagery off)")
      return 1
    }
    let (catalog, _) = CatalogLoad.run(options, client: client)
    guard let event = catalog.items.lazy.flatMap(\.events).first(where: { $0.id == eventID }) else {
      Console.error("no event '\(Console.line(eventID))' in the loaded data")
      return 1
    }
    guard
      let request = ImageryRequest.framing(
        event, width: size.width, height: size.height, today: Date(),
        layer: options.layer ?? ImageryRequest.defaultLayer, date: options.imageDate)
    else {
      Console.error("no image: the event '\(Console.line(eventID))' has no position")
      return 1
    }
    if let note = request.note { Console.error(note) }
    switch waitForLast(imagery.image(request).asObservable()) {
    case .success(let fetched?):
      let url = URL(fileURLWithPath: output)
      do {
        try AtomicFile.write([fetched.png], to: url, mode: 0o644)
      } catch {
        Console.error("cannot write \(Console.line(output)): \(error)")
        return 1
      }
      let (width, height) = request.sizeInKilometres
      Console.output(
        "\(Console.line(output)): \(Console.line(request.layer)), \(request.date), "
          + "\(Int(width.rounded()))×\(Int(height.rounded())) km, NASA GIBS"
          + (fetched.fromCache ? " (cached \(Formatting.minute(fetched.fetchedAt)))" : ""))
      return 0
    case .success(nil):
      Console.error("no image: the request was cancelled")
      return 1
    case .failure(let error):
      Console.error("\(error)")
      return 1
    }
  }
}
