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
    /// The attributes, in the order given (Lua models sort them by name).
    public let attributes: [AttributeDescription]
    /// The relationships, in the order given (Lua models sort them by name).
    public let relationships: [RelationshipDescription]
    /// The derived properties, in the order given (Lua models sort them by name).
    public let derivedProperties: [DerivedPropertyDescription]
    /// The uniqueness constraints (`uniquenessConstraints`): each a list of attribute or to-one keys whose
    /// values together must be unique among the entity's saved objects.
    public let uniquenessConstraints: [[String]]
    /// Every property key, mapped to its storage slot.
    public private(set) var slots: [String: PropertySlot] = [:]
    /// Each attribute's default value (`.null` without one), indexed like `attributes`: a new object's values.
    public let initialAttributeValues: [Value]
    /// Attribute indexes in the order of their names (the order values given by key are applied in).
    public let attributeIndexesByName: [Int]
    /// Attributes validation has anything to check on (required, or with a range, length or pattern), with
    /// whether being non-null is all there is to check.
    let validatedAttributes: [(index: Int, requiredOnly: Bool)]
    /// Each attribute's type, indexed like `attributes` (read without copying the attribute's description).
    let attributeTypes: [AttributeType]
    /// Transient attributes (not saved).
    let transientAttributeIndexes: [Int]
    /// Persistent transformable attributes (their values are transformed when saved to a store).
    public let transformableAttributeIndexes: [Int]
    /// The destination entity of each relationship (same indexes as `relationships`), set by the model.
    public internal(set) var destinations: [EntityDescription] = []
    /// The index of each relationship's inverse in its destination's relationships, or nil.
    public internal(set) var inverseIndexes: [Int?] = []
    /// The position of the entity in its model (entities are sorted by name).
    public internal(set) var index: Int = 0
    /// The model the entity belongs to.
    public internal(set) weak var model: ManagedObjectModel?

    /// Compiled derived-property bookkeeping, set by the model (empty for entities without any).
    var derived = DerivedBookkeeping()

    /// Creates an entity description.
    public init(name: String, attributes: [AttributeDescription] = [], relationships: [RelationshipDescription] = [],
                derivedProperties: [DerivedPropertyDescription] = [], uniquenessConstraints: [[String]] = []) {
        self.name = name
        self.uniquenessConstraints = uniquenessConstraints
        self.attributes = attributes
        self.relationships = relationships
        self.derivedProperties = derivedProperties
        initialAttributeValues = attributes.map { $0.defaultValue ?? .null }
        attributeIndexesByName = attributes.indices.sorted { attributes[$0].name < attributes[$1].name }
        validatedAttributes = attributes.indices.compactMap { i in
            let a = attributes[i]
            let limited = a.minValue != nil || a.maxValue != nil || a.minLength != nil || a.maxLength != nil
                || a.regularExpression != nil || a.type.integerRange != nil
            return a.isOptional && !limited ? nil : (i, !limited)
        }
        transientAttributeIndexes = attributes.indices.filter { attributes[$0].isTransient }
        transformableAttributeIndexes = attributes.indices.filter { attributes[$0].type == .transformable && !attributes[$0].isTransient }
        attributeTypes = attributes.map(\.type)
        for (i, d) in derivedProperties.enumerated() { slots[d.name] = .derived(i) }
        for (i, a) in attributes.enumerated() { slots[a.name] = .attribute(i) }
        for (i, r) in relationships.enumerated() { slots[r.name] = .relationship(i) }
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
