extension ManagedObjectContext {
    /// How many derived values this context has computed (initial computations included): a counter
    /// for tests that assert "recomputed at most once per change of its inputs".
    public var derivedRecomputationCount: Int { propagation.recomputations }

    /// Runs a top-level mutation: when the outermost one ends, dirty derived properties are recomputed
    /// in dependency order and key-value observers are told. The body's error wins over later ones.
    func performMutation<T>(_ body: () throws -> T) throws -> T {
        propagation.depth += 1
        let result: T
        do {
            result = try body()
        } catch {
            propagation.depth -= 1
            if propagation.depth == 0 { try? settle() }
            throw error
        }
        propagation.depth -= 1
        if propagation.depth == 0 { try settle() }
        return result
    }

    /// Brings derived values up to date, then tells key-value observers; rethrows the first error.
    func settle() throws {
        var firstError: Error?
        do { try flushDerived() } catch { firstError = error }
        do { try deliverKeyValueChanges(finalizingDeletions: false) } catch { if firstError == nil { firstError = error } }
        if let error = propagation.pendingError {
            propagation.pendingError = nil
            if firstError == nil { firstError = error }
        }
        if let firstError { throw firstError }
    }

    // MARK: - Dirtying

    /// Marks one derived property of an object for recomputation. Faults compute when they are fired.
    func markDerivedDirty(_ object: ManagedObject, _ index: Int) {
        guard !object.state.isFault, !object.state.isInvalid else { return }
        let node = DerivedNode(object: object, index: index)
        guard propagation.dirtySet.insert(node).inserted else { return }
        if let by = propagation.recomputing { propagation.dirtiedBy[node] = by }
        propagation.dirty[object.entity.derived.ranks[index], default: []].append(node)
        // KVO's prior ("will") call for a derived key comes before its value changes, as for stored keys.
        if !propagation.observations.isEmpty {
            willChangeObserved(object, key: object.entity.derivedProperties[index].name)
        }
    }

    /// `key` of `object` changes (or changed): every derived property depending on it is dirtied, on the
    /// objects reached by walking the dependency's key path backwards through inverse relationships.
    func derivedInputChanged(_ object: ManagedObject, key: String) {
        guard let triggers = object.entity.derived.triggers[key] else { return }
        for trigger in triggers {
            var reached = [object]
            for r in trigger.backPath {
                var next: [ManagedObject] = []
                for o in reached where !o.state.isInvalid {
                    o.fireFault()
                    if o.entity.relationships[r].isToMany {
                        next.append(contentsOf: o.toManyValues[r])
                    } else if let target = o.toOneValues[r] {
                        next.append(target)
                    }
                }
                reached = next
            }
            for o in reached where o.entity === trigger.owner || o.entity.isKind(of: trigger.owner) {
                markDerivedDirty(o, trigger.derivedIndex)
            }
        }
    }

    // MARK: - Recomputing

    /// Recomputes every dirty derived property once, lowest rank first (dependencies before dependents),
    /// so a diamond recomputes its tip once. A value that did not change stops the propagation there.
    /// Errors leave the property at its last good value; the first one is rethrown at the end.
    func flushDerived() throws {
        guard !propagation.isFlushing, !propagation.dirty.isEmpty else { return }
        propagation.isFlushing = true
        defer {
            propagation.isFlushing = false
            propagation.recomputing = nil
            propagation.dirtiedBy = [:]
        }
        var firstError: Error?
        // Ranks make every property computed once per flush; one dirtied again has a function that changed
        // one of its own inputs (directly or through other properties): a cycle, reported at its first
        // repetition instead of looping (the property keeps the value of its first computation).
        var computed = Set<DerivedNode>()
        while let rank = propagation.dirty.keys.min() {
            let nodes = propagation.dirty.removeValue(forKey: rank)!
            // One rank is one property of one entity: order its objects by number.
            let ordered = nodes.sorted { $0.object.number < $1.object.number }
            for node in ordered {
                propagation.dirtySet.remove(node)
                guard computed.insert(node).inserted else {
                    if firstError == nil { firstError = cycleError(node, by: propagation.dirtiedBy[node] ?? node) }
                    continue
                }
                propagation.recomputing = node
                do { try recompute(node) } catch { if firstError == nil { firstError = error } }
                propagation.recomputing = nil
            }
        }
        if let firstError { throw firstError }
    }

    /// The error of a derived property dirtied again in one flush by the recomputation of `culprit`.
    private func cycleError(_ node: DerivedNode, by culprit: DerivedNode) -> ObjectGraphError {
        func name(_ n: DerivedNode) -> String {
            "\(n.object.entity.derivedProperties[n.index].name) of \(n.object.displayName)"
        }
        let what = culprit == node ? "one of its own inputs" : "an input of \(name(node)) (computed before it in the same change)"
        return ObjectGraphError(.callback, "derived property \(name(culprit)), while it was computed, changed \(what): a cycle (a derived function must not write what derived properties depend on)")
    }

    private func recompute(_ node: DerivedNode) throws {
        let object = node.object
        guard object.managedObjectContext === self, !object.state.isInvalid, !object.state.isFault,
              !object.state.isDeleted else { return }
        let new = try computeDerived(object, node.index)
        let old = object.derivedValues[node.index]
        guard new != old else { return }
        object.derivedValues[node.index] = new
        let key = object.entity.derivedProperties[node.index].name
        object.state.recordPendingChange(slotNumber: object.entity.slotNumber(.derived(node.index))) { old }
        pendingUpdated.insert(object)
        derivedInputChanged(object, key: key)
    }

    /// Computes one derived value (counted), without storing it.
    func computeDerived(_ object: ManagedObject, _ index: Int) throws -> Value {
        try WorkBudget.charge(1)  // host work: a recomputation (an expression charges its own evaluation)
        object.derivedCounts[index] += 1
        propagation.recomputations += 1
        if let expression = object.entity.derived.expressions[index] {
            return try expression.evaluate(on: object)
        }
        guard case .function(_, let body) = object.entity.derivedProperties[index].derivation else { return .null }
        return try body(object)
    }

    /// Computes every derived value of an object loaded from the store, in dependency order. Nothing is
    /// announced (the values are new to this context); a failing derivation leaves nil.
    func computeDerivedOnLoad(_ object: ManagedObject) {
        let ranks = object.entity.derived.ranks
        for i in object.entity.derivedProperties.indices.sorted(by: { ranks[$0] < ranks[$1] }) {
            object.derivedValues[i] = (try? computeDerived(object, i)) ?? .null
        }
    }
}

extension ManagedObject {
    /// How many times the derived property `key` of this object was computed (0 for other keys).
    ///
    /// ```swift
    /// invoice.derivedRecomputationCount(forKey: "totalSum")   // 3
    /// ```
    public func derivedRecomputationCount(forKey key: String) -> Int {
        guard case .derived(let i)? = entity.slots[key] else { return 0 }
        return derivedCounts[i]
    }
}
