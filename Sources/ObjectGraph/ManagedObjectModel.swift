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
        self.entities = sorted
        self.byName = byName
        self.derivedPropertiesPresent = sorted.contains { !$0.derivedProperties.isEmpty }
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
                guard inverse.destinationEntityName == e.name, inverse.inverseName == nil || inverse.inverseName == r.name else {
                    throw ObjectGraphError(.invalidModel,
                        "relationship '\(r.name)' of entity \(e.name) names '\(destination.name).\(inverseName)' as its inverse, but that relationship points at \(inverse.destinationEntityName).\(inverse.inverseName ?? "(no inverse)")")
                }
                e.inverseIndexes.append(inverseIndex)
            }
        }
        try DerivedPropertyGraph.compile(sorted)
    }

    /// True when some entity has derived properties.
    public var hasDerivedProperties: Bool { derivedPropertiesPresent }

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
