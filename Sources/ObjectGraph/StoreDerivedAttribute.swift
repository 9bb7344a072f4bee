/// A derived attribute as Core Data has them (`NSDerivedAttributeDescription`, Xcode's `derived="YES"` with a
/// `derivationExpression`): an attribute whose value the store computes **when the context saves**, not as
/// the graph changes (unlike Ripple's own ``DerivedPropertyDescription``, which is kept up to date at once).
///
/// The forms Core Data documents are accepted, checked when the model is built:
/// - a key path through to-one relationships to an attribute: `name`, `author.name`;
/// - the same wrapped in `lowercase:(…)`, `uppercase:(…)` or `canonical:(…)`;
/// - an aggregate of a to-many relationship of the entity: `items.@count`, `items.@sum.price`.
///
/// `now()` (the time of the save) is refused: Ripple has no clock. Scripts cannot write the value.
struct StoreDerivedAttribute {
    /// The attribute's index in its entity's `attributes`.
    let index: Int
    /// The parsed expression (key path and optional string function).
    let expression: DerivationExpression
    /// The first key of the key path: a change reached back through this relationship's inverse marks
    /// the object for recomputation at the next save.
    let firstKey: String

    /// Checks every derived attribute of the model's entities and records them on their entities.
    /// - Throws: `.invalidModel` naming `derived attribute Entity.key` and what is wrong.
    static func compile(_ entities: [EntityDescription]) throws {
        for e in entities {
            var compiled: [StoreDerivedAttribute] = []
            for (i, a) in e.attributes.enumerated() {
                guard let text = a.details.derivationExpression else { continue }
                compiled.append(try compile(text, attribute: a, index: i, of: e))
            }
            e.storeDerivedAttributes = compiled
        }
    }

    private static func compile(_ text: String, attribute: AttributeDescription, index: Int,
                                of e: EntityDescription) throws -> StoreDerivedAttribute {
        let what = "derived attribute \(e.name).\(attribute.name)"
        let forms = "a key path through to-one relationships (name, author.name), lowercase:(…), uppercase:(…) or canonical:(…) of one, or a to-many aggregate (items.@count, items.@sum.price)"
        let trimmed = text.trimmingSpaces()
        if trimmed.replacingSpaces() == "now()" {
            throw ObjectGraphError(.invalidModel, "\(what): now() is not simulated (Ripple has no clock); use an attribute the app sets in willSave")
        }
        let expression = DerivationExpression(trimmed)
        if let unknown = expression.unknownFunction {
            throw ObjectGraphError(.invalidModel, "\(what): unsupported function '\(unknown):' in '\(text)' (expected lowercase:, uppercase: or canonical:)")
        }
        let keys = expression.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.isEmpty, !keys.contains(where: \.isEmpty) else {
            throw ObjectGraphError(.invalidModel, "\(what): '\(text)' is not a derivation expression Core Data supports (\(forms))")
        }
        var entity = e
        for (position, key) in keys.enumerated() {
            if key.hasPrefix("@") {
                throw ObjectGraphError(.invalidModel, "\(what): '\(text)' is not a derivation expression Core Data supports (\(forms))")
            }
            if let r = entity.relationship(named: key), case .relationship(let ri)? = entity.slots[key] {
                if r.isToMany {
                    // Only `rel.@count` and `rel.@sum.key` on the entity's own to-many relationship.
                    let rest = Array(keys[(position + 1)...])
                    let destination = entity.destinations[ri]
                    guard position == 0, expression.function == nil,
                          rest == ["@count"] || (rest.count == 2 && rest[0] == "@sum") else {
                        throw ObjectGraphError(.invalidModel, "\(what): '\(text)' is not a derivation expression Core Data supports (\(forms))")
                    }
                    if rest.count == 2 {
                        guard let summed = destination.attribute(named: rest[1]), [.integer, .double].contains(summed.type) else {
                            throw ObjectGraphError(.invalidModel, "\(what): '\(text)': entity \(destination.name) has no number attribute '\(rest[1])' to sum")
                        }
                    }
                    return StoreDerivedAttribute(index: index, expression: expression, firstKey: keys[0])
                }
                entity = entity.destinations[ri]
                continue
            }
            guard entity.attribute(named: key) != nil, position == keys.count - 1 else {
                if entity.attribute(named: key) != nil {
                    throw ObjectGraphError(.invalidModel, "\(what): '\(text)' goes on after the attribute '\(key)' of entity \(entity.name)")
                }
                throw ObjectGraphError(.invalidModel, "\(what): '\(text)' names a key '\(key)' that entity \(entity.name) does not have")
            }
            if keys.count == 1 && key == attribute.name {
                throw ObjectGraphError(.invalidModel, "\(what): '\(text)' derives the attribute from itself")
            }
        }
        return StoreDerivedAttribute(index: index, expression: expression, firstKey: keys[0])
    }
}

extension String {
    /// The text without any space.
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}

extension ManagedObjectContext {
    /// Computes the derived attributes (``StoreDerivedAttribute``) a save to the store changes: those of
    /// every inserted or updated object, and of the objects whose expression reads a changed object through
    /// a relationship (found through the relationship's inverse). Values that change are set as changes of
    /// this save (they appear in `objectsDidChange` and are written with the rest).
    func computeStoreDerivedAttributes() throws {
        guard model.hasStoreDerivedAttributes else { return }
        var targets: [ManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        func add(_ object: ManagedObject) {
            guard object.managedObjectContext === self, !object.state.isDeleted, !object.state.isInvalid,
                  !object.entity.storeDerivedAttributes.isEmpty, seen.insert(ObjectIdentifier(object)).inserted else { return }
            targets.append(object)
        }
        let changed = inserted.objectsInObjectOrder() + updated.sortedInObjectOrder()
        for object in changed {
            add(object)
            // Objects whose expressions start with the inverse of one of this object's relationships.
            let entity = object.entity
            for (i, r) in entity.relationships.enumerated() {
                guard let inverse = r.inverseName,
                      entity.destinations[i].selfAndDescendants.contains(where: { $0.storeDerivedFirstKeys.contains(inverse) })
                else { continue }
                if r.isToMany {
                    for member in object.toManyValues[i] { add(member) }
                } else if let target = object.toOneValues[i] {
                    add(target)
                }
            }
        }
        guard !targets.isEmpty else { return }
        try performMutation {
            for object in targets.sorted(by: { ($0.entity.name, $0.number) < ($1.entity.name, $1.number) }) {
                if object.state.isFault { try object.fireFaultThrowingCallbackError() }
                for derived in object.entity.storeDerivedAttributes {
                    let attribute = object.entity.attributes[derived.index]
                    let computed = try derived.expression.evaluate(on: object)
                    let value = Self.convert(computed, to: attribute.type) ?? .null
                    guard value != object.attributeValues[derived.index] else { continue }
                    willChange(object, key: attribute.name, oldValue: object.attributeValues[derived.index])
                    object.attributeValues[derived.index] = value
                }
            }
        }
    }
}
