/// How a fetched data source splits its results into sections, and what ``FetchedCollectionViewDataSource/itemForSection(_:)``
/// returns for each.
///
/// ```swift
/// try source.reload(with: request, sectionBehavior: .attribute("age"))   // itemForSection(0) == .integer(30)
/// ```
public enum FetchedSectionBehavior: Equatable, Sendable {
    /// Sections by a key path's value; the section item is the section name (`sectionKeyPath:`).
    case keyPath(String)
    /// Sections by an integer, double, boolean, string or date attribute; the section item is the typed
    /// value, or nil for objects without one (`sectionAttributeDescription:`).
    case attribute(String)
    /// Sections by a to-one relationship; the section item is the related object, or nil for objects
    /// without one (`sectionRelationshipDescription:`).
    case relationship(String)

    /// The key path the fetched-results controller sections by.
    public var keyPath: String {
        switch self {
        case .keyPath(let k), .attribute(let k), .relationship(let k): return k
        }
    }
}
