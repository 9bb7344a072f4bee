/// One derived property of one object.
struct DerivedNode: Hashable {
    let object: ManagedObject
    let index: Int
}

/// The propagation state of a context: dirty derived properties, key-value observations, re-entrancy.
struct PropagationState {
    /// Dirty derived properties, by topological rank.
    var dirty: [Int: [DerivedNode]] = [:]
    /// The same nodes, for de-duplication.
    var dirtySet: Set<DerivedNode> = []
    /// Nesting of top-level mutations (`performMutation`).
    var depth = 0
    /// True while dirty derived properties are being recomputed.
    var isFlushing = false
    /// True while key-value observers are being told.
    var isDelivering = false
    /// Derived values computed so far by this context.
    var recomputations = 0
    /// Key-value observations, in registration order.
    var observations: [KeyValueObservation] = []
    /// The same observations, by observed object.
    var observationsByObject: [ObjectIdentifier: [KeyValueObservation]] = [:]
    /// The derived property being recomputed by ``ManagedObjectContext/flushDerived()``, if any.
    var recomputing: DerivedNode?
    /// During a flush, the derived property whose recomputation dirtied each node (to name the culprit
    /// of a cycle).
    var dirtiedBy: [DerivedNode: DerivedNode] = [:]
    /// The first error raised by a handler that could not throw at once (a prior notification).
    var pendingError: Error?
}
