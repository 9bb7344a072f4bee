#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many collection and table views have a batch update open on the calling thread (inside
/// `performBatchUpdates`, or between `beginUpdates` and `endUpdates`). Touches are delivered by the run loop,
/// which does not run while a batch's block does, so a user gesture simulated then is impossible: the
/// gestures check ``isAnyOpen`` and refuse. Views are not `Sendable` (an engine's views live on its thread),
/// so the count is per thread: another engine on another thread neither races with it nor changes it.
///
/// ```swift
/// try tableView.performBatchUpdates { _ in
///     OpenBatchUpdates.isAnyOpen   // true
/// }
/// ```
public enum OpenBatchUpdates {
    /// True when a view of the calling thread has a batch update open.
    public static var isAnyOpen: Bool { count > 0 }

    /// The number of views of the calling thread with a batch update open.
    public static var count: Int { Int(bitPattern: pthread_getspecific(key)) }

    /// Called when a view's batch nesting depth changes, and with `to: 0` when a view with an open batch is freed.
    static func didChange(from old: Int, to new: Int) {
        let delta = (new > 0 ? 1 : 0) - (old > 0 ? 1 : 0)
        guard delta != 0 else { return }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: max(0, count + delta)))
    }

    /// The thread-specific slot holding the count (as the pointer's bits: no allocation).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
