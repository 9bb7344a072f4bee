/// A data model (`NSManagedObjectModel`): a set of entities whose relationships have been resolved.
///
/// Building a model checks it: every relationship must name an entity of the model, every inverse must
/// exist on the destination and point back at the relationship, and keys must be unique within an entity.
/// An inconsistent model is refused with an error naming the entity and the key.
///
/// ```swift
/// let model = try ManagedObjectModel(entities: [customer, order])
/// model.entity(named: "Customer")?.attributes.count
/// ```
public final class ManagedObjectModel: @unchecked Sendable {
    /// The entities, sorted by name.
    public let entities: [EntityDescription]
    private let byName: [String: EntityDescription]
    /// Whether any entity declares a derived property (checked on the Lua fast write path).
    let derivedPropertiesPresent: Bool
    /// The fetch request templates (`fetchRequestTemplate(forName:)`), by name: see
    /// ``fetchRequestFromTemplate(named:substitutionVariables:)``.
    @exclusivity(unchecked) public var fetchRequestTemplates: [String: FetchRequest] = [:]
    /// The configurations (`configurations`): each name with its entity names, in file order.
    @exclusivity(unchecked) public var configurations: [(name: String, entityNames: [String])] = []
    /// The model's version identifier (`versionIdentifiers`; Xcode's `userDefinedModelVersionIdentifier`).
    @exclusivity(unchecked) public var versionIdentifier: String?
    /// Whether any entity has a persistent transformable attribute (whose values a save transforms).
    let transformablesPresent: Bool
    /// Whether any entity has a uniqueness constraint (whose keys a save checks against the store's rows).
    @exclusivity(unchecked) private(set) var uniquenessConstraintsPresent = false

    /// Builds and checks a model.
    /// - Throws: ``ObjectGraphError`` of kind `.invalidModel` naming the entity and key at fault.
    public init(entities: [EntityDescription]) throws {
        let sorted = entities.sorted { $0.name < $1.name }
        var byName: [String: EntityDescription] = [:]
        for e in sorted {
            guard byName[e.name] == nil else {
                throw ObjectGraphError(.invalidModel, "duplicate entity named '\(e.name)' in the model")
            }
            guard !e.name.isEmpty else { throw ObjectGraphError(.invalidModel, "an entity has an empty name") }
            byName[e.name] = e
        }
        try Self.resolveInheritance(sorted, byName: byName)
        for e in sorted { try Self.checkKeys(e) }
        self.entities = sorted
        self.byName = byName
        self.derivedPropertiesPresent = sorted.contains { !$0.derivedProperties.isEmpty }
        self.transformablesPresent = sorted.contains { !$0.transformableAttributeIndexes.isEmpty }
        for (i, e) in sorted.enumerated() {
            e.index = i
            e.model = self
            e.destinations = []
            e.inverseIndexes = []
            for r in e.relationships {
                guard let destination = byName[r.destinationEntityName] else {
                    throw ObjectGraphError(.invalidModel,
                        "relationship '\(r.name)' of entity \(e.name) points at an unknown entity '\(r.destinationEntityName)'")
                }
                e.destinations.append(destination)
                guard let inverseName = r.inverseName else {
                    e.inverseIndexes.append(nil)
                    continue
                }
                guard case .relationship(let inverseIndex)? = destination.slots[inverseName] else {
                    throw ObjectGraphError(.invalidModel,
                        "relationship '\(r.name)' of entity \(e.name) names an inverse '\(inverseName)' that entity \(destination.name) does not have")
                }
                let inverse = destination.relationships[inverseIndex]
                guard e.isKind(ofEntityNamed: inverse.destinationEntityName),
                      inverse.inverseName == nil || inverse.inverseName == r.name else {
                    throw ObjectGraphError(.invalidModel,
                        "relationship '\(r.name)' of entity \(e.name) names '\(destination.name).\(inverseName)' as its inverse, but that relationship points at \(inverse.destinationEntityName).\(inverse.inverseName ?? "(no inverse)")")
                }
                e.inverseIndexes.append(inverseIndex)
            }
        }
        try DerivedPropertyGraph.compile(sorted)
        try StoreDerivedAttribute.compile(sorted)
        try FetchedPropertyDescription.compile(sorted)
        hasStoreDerivedAttributes = sorted.contains { !$0.storeDerivedAttributes.isEmpty }
        uniquenessConstraintsPresent = sorted.contains { !$0.uniquenessConstraints.isEmpty }
    }

    /// Whether an entity has a derived attribute computed when the store saves (``EntityDescription/isStoreDerivedAttribute(at:)``).
    @exclusivity(unchecked) public private(set) var hasStoreDerivedAttributes = false

    /// Links each entity to its parent and gives it the parent's properties, parents first.
    /// - Throws: `.invalidModel` for an unknown parent or a cycle of parents.
    private static func resolveInheritance(_ entities: [EntityDescription], byName: [String: EntityDescription]) throws {
        for e in entities { e.subentities = [] }
        var done = Set<ObjectIdentifier>()
        func resolve(_ e: EntityDescription, chain: [String]) throws {
            if done.contains(ObjectIdentifier(e)) { return }
            guard !chain.contains(e.name) else {
                throw ObjectGraphError(.invalidModel,
                    "entity \(e.name) is its own ancestor: a cycle of parent entities (\((chain.drop { $0 != e.name } + [e.name]).joined(separator: " → ")))")
            }
            var parent: EntityDescription?
            if let parentName = e.superentityName {
                guard let p = byName[parentName] else {
                    throw ObjectGraphError(.invalidModel,
                        "entity \(e.name) names a parent entity '\(parentName)' that the model does not have")
                }
                try resolve(p, chain: chain + [e.name])
                parent = p
                for key in e.declaredAttributes.map(\.name) + e.declaredRelationships.map(\.name)
                    + e.declaredDerivedProperties.map(\.name) where p.slots[key] != nil {
                    throw ObjectGraphError(.invalidModel,
                        "entity \(e.name) declares the key '\(key)' that it inherits from its parent entity \(p.name)")
                }
                p.subentities.append(e)
            }
            e.superentity = parent
            e.inherit(from: parent)
            done.insert(ObjectIdentifier(e))
        }
        for e in entities { try resolve(e, chain: []) }
    }

    /// Checks an entity's keys and uniqueness constraints.
    private static func checkKeys(_ e: EntityDescription) throws {
        for constraint in e.uniquenessConstraints {
            guard !constraint.isEmpty else {
                throw ObjectGraphError(.invalidModel, "entity \(e.name): a uniqueness constraint needs at least one key")
            }
            for key in constraint {
                switch e.slots[key] {
                case .attribute(let i)? where !e.attributes[i].isTransient: continue
                case .relationship(let i)? where !e.relationships[i].isToMany: continue
                default:
                    throw ObjectGraphError(.invalidModel,
                        "entity \(e.name): the uniqueness constraint key '\(key)' must be a persistent attribute or a to-one relationship")
                }
            }
        }
        var seen = Set<String>()
        for key in e.propertyNames {
            guard seen.insert(key).inserted else {
                throw ObjectGraphError(.invalidModel, "entity \(e.name) declares the key '\(key)' twice")
            }
        }
    }

    /// True when some entity has derived properties.
    public var hasDerivedProperties: Bool { derivedPropertiesPresent }

    /// True when some entity has a managed-object class (``EntityDescription/managedObjectClass``).
    public var hasManagedObjectClasses: Bool { entities.contains { $0.managedObjectClass != nil } }

    /// The entity with that name, if any.
    public func entity(named name: String) -> EntityDescription? { byName[name] }

    /// The entity with that name.
    /// - Throws: `.unknownEntity` with Core Data's `+entityForName:` wording.
    public func requireEntity(named name: String) throws -> EntityDescription {
        guard let e = byName[name] else {
            throw ObjectGraphError(.unknownEntity,
                "+entityForName: could not locate an entity named '\(name)' in this model.")
                .naming(name, among: entities.map(\.name))
        }
        return e
    }
}
