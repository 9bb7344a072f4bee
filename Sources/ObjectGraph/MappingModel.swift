/// A mapping model (`NSMappingModel`) as Core Data infers it for a lightweight migration
/// (`inferredMappingModel(forSourceModel:destinationModel:)`): which source entity and property each
/// destination entity and property takes its data from.
///
/// Elements match by their canonical name: the `renamingIdentifier` when there is one, else the name (a
/// renaming identifier names the element in the earliest version, so a rename survives several versions).
/// What Core Data infers: attributes and relationships added (an attribute starts at its default value) or
/// removed, optional ↔ required, renames, a to-one become a to-many, an unordered to-many become ordered
/// and back, entities added, removed or renamed, new parent or sub-entities. Anything else — an attribute
/// whose type changed, a relationship whose destination changed or that became a to-one, two hierarchies
/// merged into one — fails with 134140 (`NSMigrationMissingMappingModelError`) naming the element.
///
/// ```swift
/// let mapping = try MappingModel.inferred(source: v1, destination: v2)
/// mapping.entityMappings.map(\.name)   // ["EmployeeToEmployee"]
/// ```
public struct MappingModel: Sendable {
    /// How an entity's objects migrate (`NSEntityMappingType`).
    public enum EntityMappingType: String, Sendable {
        /// A new entity: no objects come from the source (`NSAddEntityMappingType`).
        case add
        /// A removed entity: its objects are dropped (`NSRemoveEntityMappingType`).
        case remove
        /// The entity is unchanged: its objects are copied (`NSCopyEntityMappingType`).
        case copy
        /// The entity changed: its objects are copied property by property (`NSTransformEntityMappingType`).
        case transform
    }

    /// Where one destination property takes its values from (`NSPropertyMapping`).
    public struct PropertyMapping: Sendable, Equatable {
        /// The destination property.
        public let name: String
        /// The source property (its value is `$source.<sourceName>`); nil for a new property.
        public let sourceName: String?
    }

    /// One entity's migration (`NSEntityMapping`).
    public struct EntityMapping: Sendable {
        /// `<Source>To<Destination>`, `Add<Destination>` or `Remove<Source>`.
        public let name: String
        /// What happens to the entity's objects.
        public let mappingType: EntityMappingType
        /// The source entity (nil for `.add`).
        public let sourceEntityName: String?
        /// The destination entity (nil for `.remove`).
        public let destinationEntityName: String?
        /// The destination's persistent attributes, in its order.
        public let attributeMappings: [PropertyMapping]
        /// The destination's relationships, in its order.
        public let relationshipMappings: [PropertyMapping]
    }

    /// Every entity mapping: the destination's entities in model order, then removed source entities.
    public let entityMappings: [EntityMapping]

    /// The mapping of a destination entity, if any.
    public func mapping(destination name: String) -> EntityMapping? {
        entityMappings.first { $0.destinationEntityName == name }
    }

    /// Infers the mapping from `source` to `destination`.
    /// - Throws: `.store` 134140 naming the change Core Data cannot infer.
    public static func inferred(source: ManagedObjectModel, destination: ManagedObjectModel) throws -> MappingModel {
        func canonical(_ name: String, _ details: ModelElementDetails) -> String { details.renamingIdentifier ?? name }
        func match<T>(_ name: String, _ details: ModelElementDetails, in candidates: [T],
                      _ key: (T) -> (String, ModelElementDetails)) -> T? {
            let wanted = canonical(name, details)
            return candidates.first { canonical(key($0).0, key($0).1) == wanted }
                ?? candidates.first { key($0).0 == name }
        }
        var sourceOf: [String: EntityDescription] = [:]
        var used: [String: String] = [:]
        for d in destination.entities {
            guard let s = match(d.name, d.details.element, in: source.entities, { ($0.name, $0.details.element) }) else { continue }
            if let other = used[s.name] {
                throw missingMapping("entities \(other) and \(d.name) both take their objects from \(s.name)")
            }
            used[s.name] = d.name
            sourceOf[d.name] = s
        }
        // Core Data cannot merge hierarchies: entities sharing a root must come from entities that shared one.
        var rootOfSources: [String: (String, String)] = [:]
        for d in destination.entities {
            guard let s = sourceOf[d.name] else { continue }
            let root = StoreLayout.root(of: d).name, sourceRoot = StoreLayout.root(of: s).name
            if let (firstRoot, firstEntity) = rootOfSources[root], firstRoot != sourceRoot {
                throw missingMapping("entities \(firstEntity) and \(d.name) share the hierarchy of \(root), but their source entities \(sourceOf[firstEntity]!.name) and \(s.name) did not (Core Data cannot merge entity hierarchies)")
            }
            rootOfSources[root] = rootOfSources[root] ?? (sourceRoot, d.name)
        }
        var mappings: [EntityMapping] = []
        for d in destination.entities {
            guard let s = sourceOf[d.name] else {
                mappings.append(EntityMapping(name: "Add" + d.name, mappingType: .add, sourceEntityName: nil, destinationEntityName: d.name,
                                              attributeMappings: d.attributes.filter { !$0.isTransient }.map { .init(name: $0.name, sourceName: nil) },
                                              relationshipMappings: d.relationships.map { .init(name: $0.name, sourceName: nil) }))
                continue
            }
            var attributes: [PropertyMapping] = []
            let sourceAttributes = s.attributes.filter { !$0.isTransient }
            for a in d.attributes where !a.isTransient {
                if let sa = match(a.name, a.details.element, in: sourceAttributes, { ($0.name, $0.details.element) }) {
                    guard sa.type == a.type else {
                        throw missingMapping("attribute \(d.name).\(a.name) is of type \(a.type.rawValue), its source \(s.name).\(sa.name) of type \(sa.type.rawValue); Core Data does not infer a change of attribute type")
                    }
                    attributes.append(.init(name: a.name, sourceName: sa.name))
                } else if let sr = match(a.name, a.details.element, in: s.relationships, { ($0.name, $0.details.element) }) {
                    throw missingMapping("attribute \(d.name).\(a.name) was the relationship \(s.name).\(sr.name)")
                } else {
                    attributes.append(.init(name: a.name, sourceName: nil))
                }
            }
            var relationships: [PropertyMapping] = []
            for (i, r) in d.relationships.enumerated() {
                guard let j = s.relationships.indices.first(where: { canonical(s.relationships[$0].name, s.relationships[$0].details.element) == canonical(r.name, r.details.element) })
                        ?? s.relationships.indices.first(where: { s.relationships[$0].name == r.name }) else {
                    if let sa = match(r.name, r.details.element, in: sourceAttributes, { ($0.name, $0.details.element) }) {
                        throw missingMapping("relationship \(d.name).\(r.name) was the attribute \(s.name).\(sa.name)")
                    }
                    relationships.append(.init(name: r.name, sourceName: nil))
                    continue
                }
                let sr = s.relationships[j]
                let sourceDestination = s.destinations[j].name, destinationEntity = d.destinations[i].name
                guard sourceOf[destinationEntity]?.name == sourceDestination else {
                    throw missingMapping("relationship \(d.name).\(r.name) points at \(destinationEntity), its source \(s.name).\(sr.name) at \(sourceDestination)")
                }
                if sr.isToMany && !r.isToMany {
                    throw missingMapping("relationship \(d.name).\(r.name) is a to-one, its source \(s.name).\(sr.name) a to-many; Core Data infers a to-one become a to-many, not the reverse")
                }
                relationships.append(.init(name: r.name, sourceName: sr.name))
            }
            let unchanged = ModelVersionHash.entity(s) == ModelVersionHash.entity(d) && s.name == d.name
            mappings.append(EntityMapping(name: s.name + "To" + d.name, mappingType: unchanged ? .copy : .transform,
                                          sourceEntityName: s.name, destinationEntityName: d.name,
                                          attributeMappings: attributes, relationshipMappings: relationships))
        }
        for s in source.entities where used[s.name] == nil {
            mappings.append(EntityMapping(name: "Remove" + s.name, mappingType: .remove, sourceEntityName: s.name,
                                          destinationEntityName: nil, attributeMappings: [], relationshipMappings: []))
        }
        return MappingModel(entityMappings: mappings)
    }

    /// 134140 (`NSMigrationMissingMappingModelError`) naming what cannot be inferred.
    static func missingMapping(_ detail: String) -> ObjectGraphError {
        ObjectGraphError(.store, code: 134140,
            "Error Domain=NSCocoaErrorDomain Code=134140 \"Persistent store migration failed, missing mapping model.\" UserInfo={reason=Can't find mapping model for migration: \(detail)}")
    }
}
