/// What changing one key of an object means for the derived properties that depend on it: follow
/// `backPath` (relationship indexes, each on the entity reached so far) from the changed object to the
/// objects whose derived property `derivedIndex` must be recomputed.
struct DerivedTrigger {
    /// Inverse relationships to follow from the changed object, in order.
    let backPath: [Int]
    /// The index of the dependent property in its entity's `derivedProperties`.
    let derivedIndex: Int
    /// The entity that declares the dependent property: only the objects reached that are of it (or of
    /// one of its sub-entities, which have the property at the same index) are recomputed.
    unowned let owner: EntityDescription
}

/// The compiled derived-property information of one entity.
struct DerivedBookkeeping {
    /// The parsed expression of each derived property (nil for the function form).
    var expressions: [DerivationExpression?] = []
    /// The topological rank of each derived property in the whole model: dependencies rank lower.
    var ranks: [Int] = []
    /// For each key of the entity: the derived properties (of this or other entities) to recompute when
    /// it changes. Empty when nothing depends on the entity.
    var triggers: [String: [DerivedTrigger]] = [:]
}

/// Builds the dependency graph of a model's derived properties: triggers per (entity, key), a
/// topological rank per derived property, and a refusal of cycles and of unfollowable key paths.
enum DerivedPropertyGraph {
    private struct Node: Hashable {
        let entity: Int
        let index: Int
    }

    /// Compiles every entity's derived properties (entities must be resolved and indexed).
    /// - Throws: `.invalidModel` for an unknown key, a relationship without inverse on a dependency
    ///   path, an unknown function or collection operator, or a cycle (naming its keys).
    static func compile(_ entities: [EntityDescription]) throws {
        var edges: [Node: [Node]] = [:]
        for e in entities { e.derived = DerivedBookkeeping() }
        for e in entities {
            e.derived.expressions = []
            for (i, property) in e.derivedProperties.enumerated() {
                let node = Node(entity: e.index, index: i)
                edges[node] = []
                var keyPaths: [String]
                switch property.derivation {
                case .expression(let text):
                    let expression = DerivationExpression(text)
                    if let unknown = expression.unknownFunction {
                        throw ObjectGraphError(.invalidModel,
                            "derived property \(e.name).\(property.name): unsupported function '\(unknown):' (expected lowercase:, uppercase: or canonical:)")
                    }
                    e.derived.expressions.append(expression)
                    keyPaths = [expression.keyPath]
                case .function(let dependsOn, _):
                    e.derived.expressions.append(nil)
                    keyPaths = dependsOn
                }
                // An inherited property's triggers were registered by the entity that declares it (on every
                // entity along the path and its sub-entities); here only its dependency edges are needed.
                let inherited = i < (e.superentity?.derivedProperties.count ?? 0)
                for keyPath in keyPaths {
                    try addTriggers(keyPath, for: property.name, index: i, of: e, registering: !inherited,
                                    edges: &edges[node, default: []])
                }
            }
        }
        // Ranks: depth-first post-order over dependencies, in entity then declaration order.
        var rank: [Node: Int] = [:]
        var onPath: [Node] = []
        var next = 0
        func visit(_ node: Node) throws {
            if rank[node] != nil { return }
            if let start = onPath.firstIndex(of: node) {
                let cycle = (onPath[start...] + [node]).map { "\(entities[$0.entity].name).\(entities[$0.entity].derivedProperties[$0.index].name)" }
                throw ObjectGraphError(.invalidModel, "derived properties form a cycle: " + cycle.joined(separator: " -> "))
            }
            onPath.append(node)
            for dependency in edges[node] ?? [] { try visit(dependency) }
            onPath.removeLast()
            rank[node] = next
            next += 1
        }
        for e in entities {
            for i in e.derivedProperties.indices { try visit(Node(entity: e.index, index: i)) }
        }
        for e in entities {
            e.derived.ranks = e.derivedProperties.indices.map { rank[Node(entity: e.index, index: $0)]! }
        }
    }

    private static func addTriggers(_ keyPath: String, for name: String, index: Int, of owner: EntityDescription,
                                    registering: Bool, edges: inout [Node]) throws {
        func refuse(_ why: String) -> ObjectGraphError {
            ObjectGraphError(.invalidModel, "derived property \(owner.name).\(name) depends on '\(keyPath)': \(why)")
        }
        var current: EntityDescription? = owner
        var inverses: [Int] = []
        var sawKey = false
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if component.hasPrefix("@") {
                guard KeyPathEvaluator.collectionOperators.contains(component) else {
                    throw refuse("unknown collection operator \(component)")
                }
                continue
            }
            guard let entity = current else {
                throw refuse("the key '\(component)' follows an attribute")
            }
            guard let slot = entity.slots[component] else {
                throw refuse("keypath \(keyPath) not found in entity \(owner.name)")
            }
            sawKey = true
            if registering {
                // Sub-entities have the key at the same slot: they trigger the same recomputation.
                for kind in entity.selfAndDescendants {
                    kind.derived.triggers[component, default: []].append(
                        DerivedTrigger(backPath: inverses.reversed(), derivedIndex: index, owner: owner))
                }
            }
            switch slot {
            case .attribute:
                current = nil
            case .derived(let j):
                edges.append(Node(entity: entity.index, index: j))
                current = nil
            case .relationship(let r):
                guard let inverse = entity.inverseIndexes[r] else {
                    throw refuse("relationship '\(component)' of \(entity.name) has no inverse, so its changes cannot be followed")
                }
                inverses.append(inverse)
                current = entity.destinations[r]
            }
        }
        if !sawKey { throw refuse("the key path is empty") }
    }
}
