extension ManagedObjectContext {
    /// Queues a block on the context's queue (`perform(_:)`). Nothing runs now: the block runs when the
    /// current run-loop event ends (``ContextEventLoop/endEvent(_:)``, `ripple.tick()` in Lua), inside
    /// the context's queue, so it may use the context and its objects.
    ///
    /// ```swift
    /// background.perform { try background.save() }
    /// try ContextEventLoop.endEvent([container.viewContext, background])
    /// ```
    public func perform(_ block: @escaping () throws -> Void) {
        queuedBlocks.append(block)
    }

    /// Runs a block on the context's queue now and returns its result (`performAndWait(_:)`).
    /// Nested calls are allowed.
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        performDepth += 1
        defer { performDepth -= 1 }
        return try block()
    }

    /// True when blocks are queued on this context.
    public var hasQueuedBlocks: Bool { !queuedBlocks.isEmpty }

    /// Runs every queued block, in the order they were queued; blocks queued meanwhile run too. Every
    /// block runs even when one fails; the first failure is rethrown at the end.
    /// - Throws: the first error of a block, or `.invalidOperation` after 10,000 blocks in one call
    ///   (blocks that keep queueing blocks).
    public func runQueuedBlocks() throws {
        var firstError: Error?
        var count = 0
        while !queuedBlocks.isEmpty {
            let block = queuedBlocks.removeFirst()
            count += 1
            if count > 10_000 {
                queuedBlocks.removeAll()
                throw ObjectGraphError(.invalidOperation,
                    "\(name): more than 10000 blocks were queued during one run-loop event; blocks keep queueing blocks.")
            }
            do { try performAndWait(block) } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }

    /// True when the caller may use the context now: a main-queue context always, a private-queue
    /// context only inside `perform` / `performAndWait`.
    public var isOnQueue: Bool { concurrencyType == .mainQueue || performDepth > 0 }

    /// Fails as Core Data's concurrency debugging (`-com.apple.CoreData.ConcurrencyDebug 1`) does when a
    /// private-queue context or one of its objects is used outside its queue.
    func checkQueue(_ operation: @autoclosure () -> String) throws {
        guard concurrencyType == .privateQueue, performDepth == 0 else { return }
        throw ObjectGraphError(.concurrency,
            "CoreData: error: illegal multithreaded access: \(operation()) on \(name), a private-queue context (NSPrivateQueueConcurrencyType), outside perform/performAndWait (+[NSManagedObjectContext __Multithreading_Violation_AllThatIsLeftToUsIsHonor__])")
    }
}
