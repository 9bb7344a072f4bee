/// A fetched property of an entity (`NSFetchedPropertyDescription`): a key whose value is the result of a
/// fetch request, evaluated lazily on the first read of the key and cached on the object.
///
/// As Core Data documents, a fetched property is static: the cached array is not updated as other objects
/// change; it is fetched again only after the object is refreshed (`refresh(_:mergeChanges:)` with either
/// flag, `refreshAllObjects()`, a merged save that refreshes it). Reading it never changes the object: it
/// is not saved, not in `changedValues()`, and it does not make the object updated.
///
/// The predicate may use `$FETCH_SOURCE` (the object whose key is read) and `$FETCHED_PROPERTY` (this
/// description): `$FETCHED_PROPERTY.name` and `$FETCHED_PROPERTY.userInfo.key` are replaced by their
/// values when the model is built.
///
/// ```swift
/// var details = EntityDetails()
/// details.fetchedProperties = [.init(name: "sameCity", entityName: "Person",
///                                    predicateFormat: "city == $FETCH_SOURCE.city AND SELF != $FETCH_SOURCE")]
/// ```
public struct FetchedPropertyDescription: Sendable {
    /// The key.
    public let name: String
    /// The entity the fetch request fetches.
    public let entityName: String
    /// The predicate as written (nil: every object of the entity).
    public let predicateFormat: String?
    /// The sort descriptors of the fetch request (Core Data returns an unsorted array without them; Ripple
    /// then gives the objects in object order).
    public let sortDescriptors: [SortDescriptor]
    /// The property's user info.
    public let userInfo: [String: String]
    /// The entity that declares the property.
    public let declaringEntityName: String
    /// The predicate with `$FETCHED_PROPERTY` replaced; `$FETCH_SOURCE` is bound at each fetch.
    let predicate: Predicate?

    /// The fetch request a read of the property runs for `object`.
    func fetchRequest(for object: ManagedObject) -> FetchRequest {
        var request = FetchRequest(entityName: entityName, predicate: predicate, sortDescriptors: sortDescriptors)
        request.substitutionVariables = ["FETCH_SOURCE": .object(object)]
        return request
    }

    /// Builds each entity's fetched properties (its parent's, then those its details declare), checking
    /// names, entities and predicates.
    /// - Throws: `.invalidModel` naming `fetched property Entity.key`.
    static func compile(_ entities: [EntityDescription]) throws {
        var done = Set<ObjectIdentifier>()
        func build(_ e: EntityDescription) throws {
            guard done.insert(ObjectIdentifier(e)).inserted else { return }
            var result: [FetchedPropertyDescription] = []
            if let parent = e.superentity {
                try build(parent)
                result = parent.fetchedProperties
            }
            for declared in e.details.fetchedProperties {
                result.append(try compile(declared, of: e))
            }
            e.fetchedProperties = result
        }
        for e in entities { try build(e) }
    }

    private static func compile(_ declared: EntityDetails.FetchedProperty, of e: EntityDescription) throws -> FetchedPropertyDescription {
        let what = "fetched property \(e.name).\(declared.name)"
        if e.slots[declared.name] != nil || e.superentity?.fetchedProperty(named: declared.name) != nil
            || e.details.fetchedProperties.filter({ $0.name == declared.name }).count > 1 {
            throw ObjectGraphError(.invalidModel, "\(what): entity \(e.name) already has a property named '\(declared.name)'")
        }
        guard let model = e.model, let target = model.entity(named: declared.entityName) else {
            throw ObjectGraphError(.invalidModel, "\(what) fetches an entity '\(declared.entityName)' that the model does not have")
        }
        for sort in declared.sortDescriptors {
            let first = String(sort.key.split(separator: ".").first ?? "")
            guard target.slots[first] != nil || first == "entity" else {
                throw ObjectGraphError(.invalidModel, "\(what): the sort key '\(sort.key)' is not a key of entity \(target.name)")
            }
        }
        var predicate: Predicate?
        if let format = declared.predicateFormat, !format.trimmingSpaces().isEmpty {
            let parsed: Predicate
            do {
                parsed = try Predicate(format: format)
            } catch let error as ObjectGraphError {
                throw ObjectGraphError(.invalidModel, "\(what): \(error.message)")
            }
            for name in parsed.freeVariableNames where name != "FETCH_SOURCE" && name != "FETCHED_PROPERTY" {
                throw ObjectGraphError(.invalidModel, "\(what): the predicate uses $\(name); a fetched property's predicate can use $FETCH_SOURCE and $FETCHED_PROPERTY")
            }
            var problem: String?
            let node = Self.replacingFetchedProperty(parsed.node, declared, problem: &problem)
            if let problem { throw ObjectGraphError(.invalidModel, "\(what): \(problem)") }
            predicate = Predicate(node: node)
        }
        return FetchedPropertyDescription(name: declared.name, entityName: target.name, predicateFormat: declared.predicateFormat,
                                          sortDescriptors: declared.sortDescriptors, userInfo: declared.userInfo,
                                          declaringEntityName: e.name, predicate: predicate)
    }

    /// `$FETCHED_PROPERTY.name` and `$FETCHED_PROPERTY.userInfo.key` become constants; any other use of
    /// `$FETCHED_PROPERTY` is reported in `problem`.
    private static func replacingFetchedProperty(_ node: Predicate.Node, _ p: EntityDetails.FetchedProperty,
                                                 problem: inout String?) -> Predicate.Node {
        switch node {
        case .constant, .block: return node
        case .comparison(var c):
            c.leftExpression = replacing(c.leftExpression, p, problem: &problem)
            c.rightExpression = replacing(c.rightExpression, p, problem: &problem)
            return .comparison(c)
        case .not(let inner): return .not(replacingFetchedProperty(inner, p, problem: &problem))
        case .and(let items): return .and(items.map { replacingFetchedProperty($0, p, problem: &problem) })
        case .or(let items): return .or(items.map { replacingFetchedProperty($0, p, problem: &problem) })
        }
    }

    private static func replacing(_ expression: Expression, _ p: EntityDetails.FetchedProperty,
                                  problem: inout String?) -> Expression {
        let supported = "$FETCHED_PROPERTY.name or $FETCHED_PROPERTY.userInfo.<key>"
        switch expression {
        case .variable("FETCHED_PROPERTY"):
            problem = problem ?? "$FETCHED_PROPERTY is the property's description; read \(supported)"
            return expression
        case .variableKeyPath("FETCHED_PROPERTY", let path):
            if path == "name" { return .constantValue(.string(p.name)) }
            if path.hasPrefix("userInfo.") {
                let key = String(path.dropFirst("userInfo.".count))
                return .constantValue(p.userInfo[key].map { .string($0) } ?? .null)
            }
            problem = problem ?? "$FETCHED_PROPERTY.\(path) is not simulated (\(supported))"
            return expression
        case .aggregate(let items): return .aggregate(items.map { replacing($0, p, problem: &problem) })
        case .subquery(let collection, let variable, let predicate, let count):
            return .subquery(collection: replacing(collection, p, problem: &problem), variable: variable,
                             predicate: replacingFetchedProperty(predicate, p, problem: &problem), count: count)
        default: return expression
        }
    }
}

extension ManagedObjectContext {
    /// The value of a fetched property: the cached array, or the result of its fetch request (then cached
    /// until the object is refreshed).
    func fetchedPropertyValue(_ object: ManagedObject, _ property: FetchedPropertyDescription) throws -> Value {
        if let cached = fetchedPropertyCache[object]?[property.name] { return .collection(cached.map { .object($0) }) }
        let result = try fetch(property.fetchRequest(for: object))
        fetchedPropertyCache[object, default: [:]][property.name] = result
        return .collection(result.map { .object($0) })
    }

    /// Forgets an object's fetched property values: the next read fetches again.
    func forgetFetchedProperties(of object: ManagedObject) {
        guard !fetchedPropertyCache.isEmpty else { return }
        fetchedPropertyCache[object] = nil
    }
}
