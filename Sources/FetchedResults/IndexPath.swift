/// A position in sectioned results (`IndexPath` as UIKit uses it): a section and an item, both 0-based.
///
/// Prints as `[0, 1]`, the way Foundation prints an index path.
///
/// ```swift
/// let path = IndexPath(section: 0, item: 1)
/// path.row            // 1
/// "\(path)"           // "[0, 1]"
/// ```
public struct IndexPath: Hashable, Comparable, CustomStringConvertible, Sendable {
    /// The section index.
    public var section: Int
    /// The item index within the section.
    public var item: Int

    /// Creates an index path.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Creates an index path (UITableView's spelling).
    public init(row: Int, section: Int) {
        self.init(section: section, item: row)
    }

    /// The item index (UITableView's name for it).
    public var row: Int {
        get { item }
        set { item = newValue }
    }

    /// `[section, item]`.
    public var description: String { "[\(section), \(item)]" }

    /// Orders by section, then item.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}
