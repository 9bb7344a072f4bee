/// What a model file says about an entity that Ripple keeps but does not simulate: the class name, user
/// info, versioning identifiers, fetch indexes and fetched properties. A model read from Xcode fills it in
/// (``XcodeModelReader``); the store and migration code can read it.
public struct EntityDetails: Sendable, Equatable {
    /// The `NSManagedObject` subclass named in the model (`representedClassName`).
    public var representedClassName: String?
    /// The versioning identifiers and user info.
    public var element = ModelElementDetails()
    /// The fetch indexes (`<fetchIndex>`), in file order.
    public var fetchIndexes: [FetchIndex] = []
    /// The fetched properties (`<fetchedProperty>`), in file order; not evaluated yet.
    public var fetchedProperties: [FetchedProperty] = []

    /// Creates empty details.
    public init() {}

    /// A fetch index (`NSFetchIndexDescription`): a name and its elements.
    public struct FetchIndex: Sendable, Equatable {
        /// The index name.
        public var name: String
        /// Each element: a property key, whether ascending, and its type (`Binary`, `RTree`).
        public var elements: [(property: String, ascending: Bool, type: String)]

        /// Creates a fetch index.
        public init(name: String, elements: [(property: String, ascending: Bool, type: String)]) {
            self.name = name
            self.elements = elements
        }

        /// Element-wise equality.
        public static func == (a: FetchIndex, b: FetchIndex) -> Bool {
            a.name == b.name && a.elements.count == b.elements.count
                && zip(a.elements, b.elements).allSatisfy { $0.property == $1.property && $0.ascending == $1.ascending && $0.type == $1.type }
        }
    }

    /// A fetched property (`NSFetchedPropertyDescription`): a name and the fetch it stands for.
    public struct FetchedProperty: Sendable, Equatable {
        /// The key.
        public var name: String
        /// The fetched entity.
        public var entityName: String
        /// The predicate's format, which may use `$FETCH_SOURCE` and `$FETCHED_PROPERTY`.
        public var predicateFormat: String?

        /// Creates a fetched property.
        public init(name: String, entityName: String, predicateFormat: String?) {
            self.name = name
            self.entityName = entityName
            self.predicateFormat = predicateFormat
        }
    }
}
