/// One entry of a window's event log (``Window/eventLog``): a transition, a lifecycle callback, a delegate
/// call, a user gesture or a warning, by its name and its details.
///
/// The name is the entry's first word (`viewWillAppear`, `present`, `user`, `warning:`); the details name view
/// controllers by their display names, never managed objects or index paths. Its text (``description``,
/// `viewWillAppear Form (animated)`) is the log's line.
public struct WindowEvent: CustomStringConvertible, Sendable {
    /// The first word: `viewWillAppear`, `present`, `navigationController`, `user`, `warning:`, …
    public var name: String
    /// What follows the name and a space (nil for none).
    public var detail: String?

    /// Creates an event.
    public init(_ name: String, _ detail: String? = nil) {
        self.name = name
        self.detail = detail
    }

    /// The log's line: the name, a space and the details.
    public var description: String { detail.map { name + " " + $0 } ?? name }
}
