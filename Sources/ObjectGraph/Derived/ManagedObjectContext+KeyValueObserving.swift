extension ManagedObjectContext {
    /// Observes a key path of an object (`addObserver(_:forKeyPath:options:context:)`): a stored key, a
    /// derived key, or a path through relationships (`customer.name`, `orders.@sum.total`).
    ///
    /// Handlers run when the top-level mutation that changed the value returns (after derived values were
    /// brought up to date, so no handler sees a half-updated graph), in registration order, once per
    /// change of the value — and, for a stored key observed directly, once per write even of the same
    /// value, as automatic KVO does. A to-many key observed directly reports insertions, removals and
    /// replacements (``KeyValueChange/kind``). With `.prior`, a stored key observed directly is told before the
    /// change as it happens; other key paths get their prior notification just before the did-change.
    /// When the object's deletion is processed (or it leaves the context), the handler is told once with
    /// `isObjectDeleted` and `newValue == .null`, and the observation ends.
    ///
    /// ```swift
    /// let token = try context.addKeyValueObserver(object: order, keyPath: "customer.name", options: [.new]) { change in
    ///     print(change.newValue!)
    /// }
    /// token.cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - object: An object of this context.
    ///   - keyPath: Keys separated by dots; collection operators allowed.
    ///   - options: `.old`, `.new`, `.initial`, `.prior`.
    ///   - handler: Called with each change; what it throws reaches the caller of the mutation.
    /// - Returns: A token whose `cancel()` ends the observation.
    /// - Throws: `.unknownKey` with `valueForUndefinedKey:` wording for a key the entity lacks; the
    ///   handler's error for an `.initial` call (the observation is then not registered).
    public func addKeyValueObserver(object: ManagedObject, keyPath: String,
                                    options: KeyValueObservingOptions = [.old, .new],
                                    handler: @escaping (KeyValueChange) throws -> Void) throws -> ObservationToken {
        try checkAccess(object, forWriting: false)
        try Self.checkObservable(keyPath, on: object)
        let value = try object.value(forKeyPath: keyPath)
        let observation = KeyValueObservation(object: object, keyPath: keyPath, options: options,
                                              lastValue: value, handler: handler)
        if options.contains(.initial) {
            try handler(observation.change(old: nil, new: value))
        }
        propagation.observations.append(observation)
        trackingEpoch &+= 1  // the Lua write fast path must see the observer (setAttributeIfPlain)
        propagation.observationsByObject[ObjectIdentifier(object), default: []].append(observation)
        return ObservationToken { [weak self, weak observation] in
            guard let self, let observation else { return }
            self.removeObservation(observation)
        }
    }

    /// Refuses a key path with a key its entity lacks, in `valueForUndefinedKey:` wording.
    static func checkObservable(_ keyPath: String, on object: ManagedObject) throws {
        var entity: EntityDescription? = object.entity
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if component.hasPrefix("@") {
                guard KeyPathEvaluator.collectionOperators.contains(component) else {
                    throw ObjectGraphError(.unknownKey,
                        "[<NSSet> valueForKeyPath:]: this class does not implement the \(component.dropFirst()) operation.")
                }
                continue
            }
            guard let current = entity else { return }
            guard let slot = current.slots[component] else {
                throw ObjectGraphError.unknownKey(component, entity: current, object: current === object.entity ? object : nil)
            }
            if case .relationship(let i) = slot { entity = current.destinations[i] } else { entity = nil }
        }
    }

    func removeObservation(_ observation: KeyValueObservation) {
        observation.isCancelled = true
        propagation.observations.removeAll { $0 === observation }
        trackingEpoch &+= 1
        let id = ObjectIdentifier(observation.object)
        propagation.observationsByObject[id]?.removeAll { $0 === observation }
        if propagation.observationsByObject[id]?.isEmpty == true { propagation.observationsByObject[id] = nil }
    }

    /// A key is about to change: observers of that very key with `.prior` are told now. A stored key
    /// (`stored`) marks its direct observations touched, so that setting the value it already has is
    /// told too, as automatic KVO (and Core Data's accessors) do.
    func willChangeObserved(_ object: ManagedObject, key: String, stored: Bool = false) {
        guard let list = propagation.observationsByObject[ObjectIdentifier(object)] else { return }
        if stored {
            for observation in list where observation.keyPath == key { observation.touched = true }
        }
        for observation in list where observation.keyPath == key && observation.options.contains(.prior)
            && !observation.priorSent && !observation.isCancelled {
            observation.priorSent = true
            do {
                try observation.handler(observation.change(old: observation.lastValue, new: nil, isPrior: true))
            } catch {
                if propagation.pendingError == nil { propagation.pendingError = error }
            }
        }
    }

    /// Tells every observation whose value changed, in registration order, until handlers stop changing
    /// things. With `finalizingDeletions`, observations of deleted objects get their last notification.
    func deliverKeyValueChanges(finalizingDeletions: Bool) throws {
        guard !propagation.observations.isEmpty, !propagation.isDelivering, !propagation.isFlushing else { return }
        propagation.isDelivering = true
        defer { propagation.isDelivering = false }
        var firstError: Error?
        func tell(_ observation: KeyValueObservation, _ change: KeyValueChange) {
            do { try observation.handler(change) } catch { if firstError == nil { firstError = error } }
        }
        for _ in 0..<100 {
            do { try WorkBudget.charge(propagation.observations.count * WorkBudget.unitsPerObservation) } catch {
                if firstError == nil { firstError = error }
                break
            }
            var told = false
            for observation in propagation.observations where !observation.isCancelled {
                let object = observation.object
                if object.state.isInvalid || object.managedObjectContext !== self
                    || (finalizingDeletions && object.state.isDeleted) {
                    removeObservation(observation)
                    tell(observation, observation.change(old: observation.lastValue, new: .null, deleted: true))
                    told = true
                    continue
                }
                let new = (try? object.value(forKeyPath: observation.keyPath)) ?? .null
                if new == observation.lastValue && !observation.priorSent && !observation.touched { continue }
                let old = observation.lastValue
                if observation.options.contains(.prior) && !observation.priorSent {
                    tell(observation, observation.change(old: old, new: nil, isPrior: true))
                }
                observation.priorSent = false
                observation.touched = false
                observation.lastValue = new
                tell(observation, observation.settledChange(old: old, new: new))
                told = true
            }
            if !told { break }
            do { try flushDerived() } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }
}

extension ManagedObject {
    /// Observes a key path of this object; see
    /// ``ManagedObjectContext/addKeyValueObserver(object:keyPath:options:handler:)``.
    /// - Throws: `.inaccessibleObject` when the object has no context, or what the context throws.
    public func addKeyValueObserver(forKeyPath keyPath: String, options: KeyValueObservingOptions = [.old, .new],
                                    handler: @escaping (KeyValueChange) throws -> Void) throws -> ObservationToken {
        guard let context = managedObjectContext else { throw ObjectGraphError.removedFromContext(self, "Observing") }
        return try context.addKeyValueObserver(object: self, keyPath: keyPath, options: options, handler: handler)
    }
}
