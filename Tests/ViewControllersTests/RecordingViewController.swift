import ObjectGraph
@testable import ViewControllers

/// A controller that records its dependency callbacks, in order, as `updated Customer#1 [name]` /
/// `deleted Customer#1 (contains: false)`, into a shared journal (a recording double, GRDB style).
final class RecordingViewController: ViewController {
    final class Journal { var lines: [String] = [] }
    let journal: Journal

    init(_ title: String, journal: Journal) {
        self.journal = journal
        super.init(title: title)
    }

    override func dvc_updated(_ object: ManagedObject, changedKeys: [String]) {
        journal.lines.append("\(displayName): updated \(object.displayName) [\(changedKeys.joined(separator: ", "))]")
    }

    override func dvc_deleted(_ object: ManagedObject) {
        journal.lines.append("\(displayName): deleted \(object.displayName) (contains: \(dvc_contains(object)))")
    }
}

/// A window with a navigation controller `Nav` holding `List` as its root, log cleared.
func makeNavigationWindow() -> (Window, NavigationController, ViewController) {
    let window = Window()
    let list = ViewController(title: "List")
    let nav = NavigationController(rootViewController: list, title: "Nav")
    window.rootViewController = nav
    window.clearEventLog()
    return (window, nav, list)
}
