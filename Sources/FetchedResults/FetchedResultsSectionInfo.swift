import ObjectGraph

/// A section of a controller's results (`NSFetchedResultsSectionInfo`).
///
/// ```swift
/// let first = controller.sections![0]
/// first.name; first.numberOfObjects; first.objects
/// ```
public struct FetchedResultsSectionInfo: CustomStringConvertible {
    /// The section name: the value of the section key path (`""` for nil, or without a key path).
    public let name: String
    /// The index title: the capitalised first letter of the name (`nil` for an empty name).
    public let indexTitle: String?
    /// The objects of the section, in order.
    public let objects: [ManagedObject]

    /// Creates a section.
    public init(name: String, objects: [ManagedObject]) {
        self.name = name
        self.indexTitle = FetchedResultsSectionInfo.indexTitle(forSectionName: name)
        self.objects = objects
    }

    /// The number of objects in the section.
    public var numberOfObjects: Int { objects.count }

    /// `A (2)`.
    public var description: String { "\(name) (\(objects.count))" }

    /// The default index title (`sectionIndexTitle(forSectionName:)`): the first letter, upper-cased.
    public static func indexTitle(forSectionName name: String) -> String? {
        guard let first = name.first else { return nil }
        return String(first).uppercased()
    }
}
