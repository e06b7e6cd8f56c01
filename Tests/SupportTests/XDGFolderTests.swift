import Foundation
import Support
import Testing

@Suite struct XDGFolderTests {
  @Test(arguments: XDGFolder.allCases)
  func anAbsoluteVariableNamesTheParent(folder: XDGFolder) {
    let url = folder.url(environment: [folder.variable: "/tmp/xdg", "HOME": "/home/ada"])
    #expect(url.path == "/tmp/xdg/ourplanet")
  }

  @Test func withoutTheVariableEachFolderIsUnderHome() {
    let home = ["HOME": "/home/ada"]
    #expect(XDGFolder.config.url(environment: home).path == "/home/ada/.config/ourplanet")
    #expect(XDGFolder.cache.url(environment: home).path == "/home/ada/.cache/ourplanet")
    #expect(XDGFolder.state.url(environment: home).path == "/home/ada/.local/state/ourplanet")
  }

  /// The spec: a relative path is invalid and ignored; so is an empty one.
  @Test(arguments: ["relative/path", ""])
  func aRelativeOrEmptyVariableIsIgnored(value: String) {
    let url = XDGFolder.state.url(environment: ["XDG_STATE_HOME": value, "HOME": "/home/ada"])
    #expect(url.path == "/home/ada/.local/state/ourplanet")
  }

  @Test func anEmptyHomeFallsBackToTheAccountsHome() {
    let url = XDGFolder.cache.url(environment: ["HOME": ""])
    #expect(
      url.path == URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/ourplanet").path)
    #expect(url.path.hasPrefix("/"))
  }
}
