/// The end of a run-loop event for a set of contexts: what `ripple.tick()` does.
///
/// The order is fixed and documented (docs/contexts-and-stores.md):
/// 1. every private-queue context, in the order given, runs its queued blocks (`perform`, automatic
///    merges), oldest first; blocks they queue on themselves run in the same pass;
/// 2. every main-queue context, in the order given, runs its queued blocks (automatic merges of saves
///    made in step 1, main-queue `perform` blocks), oldest first;
/// 3. every main-queue context, in the order given, processes its pending changes, posting one
///    objects-did-change notification each.
///
/// Every step runs even when something fails; the first failure is rethrown at the end.
///
/// ```swift
/// background.perform { try background.save() }
/// try ContextEventLoop.endEvent([viewContext, background])   // saves, then merges into viewContext
/// ```
public enum ContextEventLoop {
    /// Ends the current event for `contexts` (usually every context, in creation order).
    public static func endEvent(_ contexts: [ManagedObjectContext]) throws {
        // An idle event (nothing queued, nothing pending) does nothing below; the check borrows the
        // contexts, where the loops below retain and release each one (the slow path: contexts are weakly
        // referenced, so their counts live in a side table), which was most of an idle `ripple.tick()`.
        guard anyHasWork(contexts) else { return }
        var firstError: Error?
        for context in contexts where context.concurrencyType == .privateQueue {
            do { try context.runQueuedBlocks() } catch { if firstError == nil { firstError = error } }
        }
        for context in contexts where context.concurrencyType == .mainQueue {
            do { try context.runQueuedBlocks() } catch { if firstError == nil { firstError = error } }
        }
        for context in contexts where context.concurrencyType == .mainQueue {
            do { try context.processPendingChanges() } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }

    /// Whether ``endEvent(_:)`` would do anything for `contexts` (some context has queued blocks, or a
    /// main-queue one has pending changes). Taking the list `inout` lets a caller that keeps it in a
    /// variable (`ripple.tick()`) check it in place, without the retain and release of the array that
    /// passing it by value costs; the list is not changed.
    public static func hasWork(in contexts: inout [ManagedObjectContext]) -> Bool {
        anyHasWork(contexts)
    }

    /// Whether any of `contexts` has work at the end of an event. Reads each context through an unmanaged
    /// reference: iterating the array itself retains and releases every element, and a context's count lives
    /// in a side table (objects reference it weakly), so that pair took the slow path twice per context
    /// (≈ 230 instructions of an idle `ripple.tick()`; performance.md, Session 4 → boundary).
    static func anyHasWork(_ contexts: [ManagedObjectContext]) -> Bool {
        contexts.withUnsafeBufferPointer { buffer in
            UnsafeRawBufferPointer(buffer).withMemoryRebound(to: Unmanaged<ManagedObjectContext>.self) { references in
                for reference in references where reference._withUnsafeGuaranteedRef({ $0.hasWorkAtEventEnd }) {
                    return true
                }
                return false
            }
        }
    }
}

extension ManagedObjectContext {
    /// Whether ``ContextEventLoop/endEvent(_:)`` has anything to do for this context: queued blocks, or (a
    /// main-queue context) pending changes to process.
    var hasWorkAtEventEnd: Bool {
        !queuedBlocks.isEmpty || (concurrencyType == .mainQueue && hasPendingChanges)
    }
}
