/// Where a property lives in an object's storage.
public enum PropertySlot: Equatable, Sendable {
    /// An attribute, by index into `EntityDescription.attributes`.
    case attribute(Int)
    /// A relationship, by index into `EntityDescription.relationships`.
    case relationship(Int)
    /// A derived property, by index into `EntityDescription.derivedProperties`.
    case derived(Int)
}

/// An entity of a model (`NSEntityDescription`): its attributes and relationships.
///
/// Entities are created through ``ManagedObjectModel/init(entities:)``, which resolves relationship
/// destinations and inverses and refuses an inconsistent model.
///
/// ```swift
/// let customer = EntityDescription(name: "Customer", attributes: [.init(name: "name", type: .string)])
/// ```
public final class EntityDescription: CustomStringConvertible, @unchecked Sendable {
    /// The entity name.
    public let name: String
    /// The attributes: the parent entity's first (in its order), then the entity's own, in the order given
    /// (Lua models sort them by name). An inherited property keeps its parent's index, so a slot found on
    /// the parent reads the same property of a sub-entity's object.
    @exclusivity(unchecked) public private(set) var attributes: [AttributeDescription]
    /// The relationships, the parent entity's first, then the entity's own (Lua models sort them by name).
    @exclusivity(unchecked) public private(set) var relationships: [RelationshipDescription]
    /// The derived properties, the parent entity's first, then the entity's own.
    @exclusivity(unchecked) public private(set) var derivedProperties: [DerivedPropertyDescription]
    /// The uniqueness constraints (`uniquenessConstraints`): each a list of attribute or to-one keys whose
    /// values together must be unique among the entity's saved objects. A sub-entity has its parent's too.
    @exclusivity(unchecked) public private(set) var uniquenessConstraints: [[String]]
    /// The attributes declared on this entity itself (without inherited ones).
    public let declaredAttributes: [AttributeDescription]
    /// The relationships declared on this entity itself.
    public let declaredRelationships: [RelationshipDescription]
    /// The derived properties declared on this entity itself.
    public let declaredDerivedProperties: [DerivedPropertyDescription]
    /// The uniqueness constraints declared on this entity itself.
    public let declaredUniquenessConstraints: [[String]]
    /// The name of the parent entity (Xcode's `parentEntity`), or nil for a root entity.
    public let superentityName: String?
    /// Whether the entity is abstract (`isAbstract`): it has no instances of its own; inserting one fails.
    public let isAbstract: Bool
    /// What the model file says about the entity that Ripple keeps without simulating it (class name,
    /// user info, version hash modifier, renaming identifier, fetch indexes, fetched properties).
    @exclusivity(unchecked) public var details = EntityDetails()
    /// Every property key, mapped to its storage slot.
    @exclusivity(unchecked) public private(set) var slots: [String: PropertySlot] = [:]
    /// Each attribute's default value (`.null` without one), indexed like `attributes`: a new object's values.
    @exclusivity(unchecked) public private(set) var initialAttributeValues: [Value] = []
    /// Attribute indexes in the order of their names (the order values given by key are applied in).
    @exclusivity(unchecked) public private(set) var attributeIndexesByName: [Int] = []
    /// Attributes validation has anything to check on (required, or with a range, length or pattern), with
    /// whether being non-null is all there is to check.
    @exclusivity(unchecked) private(set) var validatedAttributes: [(index: Int, requiredOnly: Bool)] = []
    /// Whether each attribute has a range, length or pattern (indexed like `attributes`).
    @exclusivity(unchecked) private(set) var limitedAttributes: [Bool] = []
    /// Attributes (index < 64) with a numeric range (a minimum, a maximum or an integer width), as bits.
    @exclusivity(unchecked) private(set) var boundedAttributeBits: UInt64 = 0
    /// Each attribute's numeric range (infinite without one), indexed like `attributes`.
    @exclusivity(unchecked) private(set) var numericBounds: [(low: Double, high: Double)] = []
    /// Each attribute's type, indexed like `attributes` (read without copying the attribute's description).
    @exclusivity(unchecked) private(set) var attributeTypes: [AttributeType] = []
    /// Transient attributes (not saved).
    @exclusivity(unchecked) private(set) var transientAttributeIndexes: [Int] = []
    /// Persistent transformable attributes (their values are transformed when saved to a store).
    @exclusivity(unchecked) public private(set) var transformableAttributeIndexes: [Int] = []
    /// The destination entity of each relationship (same indexes as `relationships`), set by the model.
    @exclusivity(unchecked) public internal(set) var destinations: [EntityDescription] = []
    /// The index of each relationship's inverse in its destination's relationships, or nil.
    @exclusivity(unchecked) public internal(set) var inverseIndexes: [Int?] = []
    /// The position of the entity in its model (entities are sorted by name).
    @exclusivity(unchecked) public internal(set) var index: Int = 0
    /// The model the entity belongs to.
    public internal(set) weak var model: ManagedObjectModel?
    /// The parent entity (`superentity`), set by the model.
    public internal(set) weak var superentity: EntityDescription?
    /// The direct sub-entities (`subentities`), sorted by name, set by the model.
    @exclusivity(unchecked) public internal(set) var subentities: [EntityDescription] = []

    /// The code of the entity's managed-object class (its lifecycle callbacks and validation), or nil.
    /// A front end sets it; for a sub-entity it is the class that inherits the parent's code.
    @exclusivity(unchecked) public var managedObjectClass: ManagedObjectClass?

    /// Compiled derived-property bookkeeping, set by the model (empty for entities without any).
    @exclusivity(unchecked) var derived = DerivedBookkeeping()

    /// The derived attributes the store computes when a context saves (Xcode's `derived="YES"`), set by
    /// the model; with the first key of each expression and the attribute indexes, for quick checks.
    var storeDerivedAttributes: [StoreDerivedAttribute] = [] {
        didSet {
            storeDerivedFirstKeys = Set(storeDerivedAttributes.map(\.firstKey))
            storeDerivedIndexes = Set(storeDerivedAttributes.map(\.index))
        }
    }
    @exclusivity(unchecked) private(set) var storeDerivedFirstKeys: Set<String> = []
    @exclusivity(unchecked) private(set) var storeDerivedIndexes: Set<Int> = []

    /// Whether attribute `i` is a derived attribute computed at save (read-only to scripts).
    public func isStoreDerivedAttribute(at i: Int) -> Bool {
        !storeDerivedIndexes.isEmpty && storeDerivedIndexes.contains(i)
    }

    /// The fetched properties of the entity and its ancestors (`NSFetchedPropertyDescription`), the
    /// parent's first, each with its predicate compiled by the model.
    @exclusivity(unchecked) public internal(set) var fetchedProperties: [FetchedPropertyDescription] = []

    /// The fetched property with that key, if any.
    public func fetchedProperty(named key: String) -> FetchedPropertyDescription? {
        fetchedProperties.isEmpty ? nil : fetchedProperties.first { $0.name == key }
    }

    /// Creates an entity description.
    /// - Parameters:
    ///   - superentityName: The parent entity: the model gives this entity the parent's properties first.
    ///   - isAbstract: An abstract entity cannot be instantiated (only its sub-entities can).
    public init(name: String, attributes: [AttributeDescription] = [], relationships: [RelationshipDescription] = [],
                derivedProperties: [DerivedPropertyDescription] = [], uniquenessConstraints: [[String]] = [],
                superentityName: String? = nil, isAbstract: Bool = false) {
        self.name = name
        self.superentityName = superentityName
        self.isAbstract = isAbstract
        declaredAttributes = attributes
        declaredRelationships = relationships
        declaredDerivedProperties = derivedProperties
        declaredUniquenessConstraints = uniquenessConstraints
        self.uniquenessConstraints = uniquenessConstraints
        self.attributes = attributes
        self.relationships = relationships
        self.derivedProperties = derivedProperties
        configure()
    }

    /// Sets the properties to the parent's followed by the declared ones (nil parent: the declared ones).
    func inherit(from parent: EntityDescription?) {
        attributes = (parent?.attributes ?? []) + declaredAttributes
        relationships = (parent?.relationships ?? []) + declaredRelationships
        derivedProperties = (parent?.derivedProperties ?? []) + declaredDerivedProperties
        uniquenessConstraints = (parent?.uniquenessConstraints ?? []) + declaredUniquenessConstraints
        configure()
    }

    /// Computes the lookup tables from the properties.
    private func configure() {
        initialAttributeValues = attributes.map { $0.defaultValue ?? .null }
        attributeIndexesByName = attributes.indices.sorted { attributes[$0].name < attributes[$1].name }
        validatedAttributes = attributes.indices.compactMap { i in
            let a = attributes[i]
            let limited = a.minValue != nil || a.maxValue != nil || a.minLength != nil || a.maxLength != nil
                || a.regularExpression != nil || a.type.integerRange != nil
            return a.isOptional && !limited ? nil : (i, !limited)
        }
        limitedAttributes = attributes.map { a in
            a.minValue != nil || a.maxValue != nil || a.minLength != nil || a.maxLength != nil
                || a.regularExpression != nil || a.type.integerRange != nil
        }
        numericBounds = attributes.map { a in
            var low = a.minValue ?? -Double.infinity, high = a.maxValue ?? Double.infinity
            if let range = a.type.integerRange {
                low = Swift.max(low, Double(range.lowerBound))
                high = Swift.min(high, Double(range.upperBound))
            }
            return (low, high)
        }
        boundedAttributeBits = 0
        for (i, b) in numericBounds.enumerated() where i < 64 && (b.low > -Double.infinity || b.high < Double.infinity) {
            boundedAttributeBits |= 1 << UInt64(i)
        }
        transientAttributeIndexes = attributes.indices.filter { attributes[$0].isTransient }
        transformableAttributeIndexes = attributes.indices.filter { attributes[$0].type == .transformable && !attributes[$0].isTransient }
        attributeTypes = attributes.map(\.type)
        slots = [:]
        for (i, d) in derivedProperties.enumerated() { slots[d.name] = .derived(i) }
        for (i, a) in attributes.enumerated() { slots[a.name] = .attribute(i) }
        for (i, r) in relationships.enumerated() { slots[r.name] = .relationship(i) }
    }

    /// Whether the entity is `other` or one of its sub-entities, at any depth (`isKindOfEntity:`).
    public func isKind(of other: EntityDescription) -> Bool {
        var current: EntityDescription? = self
        while let e = current {
            if e === other { return true }
            current = e.superentity
        }
        return false
    }

    /// Whether the entity is named `entityName` or descends from an entity so named.
    public func isKind(ofEntityNamed entityName: String) -> Bool {
        var current: EntityDescription? = self
        while let e = current {
            if e.name == entityName { return true }
            current = e.superentity
        }
        return false
    }

    /// The entity followed by all its sub-entities at any depth, level by level (each level in name order).
    public var selfAndDescendants: [EntityDescription] {
        var result: [EntityDescription] = [self]
        var i = 0
        while i < result.count {
            result.append(contentsOf: result[i].subentities)
            i += 1
        }
        return result
    }

    /// The attribute with that key, if any.
    public func attribute(named key: String) -> AttributeDescription? {
        if case .attribute(let i)? = slots[key] { return attributes[i] }
        return nil
    }

    /// The relationship with that key, if any.
    public func relationship(named key: String) -> RelationshipDescription? {
        if case .relationship(let i)? = slots[key] { return relationships[i] }
        return nil
    }

    /// The derived property with that key, if any.
    public func derivedProperty(named key: String) -> DerivedPropertyDescription? {
        if case .derived(let i)? = slots[key] { return derivedProperties[i] }
        return nil
    }

    /// Every property key: attributes first, then relationships, then derived properties, each in
    /// declaration order.
    public var propertyNames: [String] {
        attributes.map(\.name) + relationships.map(\.name) + derivedProperties.map(\.name)
    }

    /// The stored (attribute and relationship) keys, in declaration order.
    public var storedPropertyNames: [String] { attributes.map(\.name) + relationships.map(\.name) }

    /// The entity name.
    public var description: String { name }
}
