#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Shortcuts up the containment tree, so that ``ViewController/attachAppearing(_:)`` does not walk the
/// whole chain of ancestors each time (a 10,000-deep chain of `addChild` was quadratic).
///
/// Each controller may remember two ancestors-or-self: the root of its tree, and the top of its *run*,
/// the controllers above it reached through edges that cannot hold a "next" controller (a child that is
/// the last child of a container showing every child, or any child of a navigation or tab bar
/// controller). A shortcut is trusted while ``epoch`` has not moved since it was taken; the epoch moves
/// whenever an edge is removed or a container that already had children gets another one (the only
/// changes that can make a remembered ancestor stop being one, or a run edge stop being one). Appending
/// the first child of a leaf — building a chain — keeps every shortcut. Lookups compress the paths they
/// walk (as union-find does), so a chain costs amortised constant time per `addChild`.
enum ContainmentHints {
    /// The calling thread's epoch. Controllers are not `Sendable`: a tree is made, changed and read on one
    /// thread (an engine's), so each thread keeps its own epoch, and a change made on another thread (another
    /// engine, another test running in parallel) neither races with this one nor costs its shortcuts.
    static var epoch: Int { Int(bitPattern: pthread_getspecific(epochKey)) }

    /// Moves the calling thread's epoch to a value no thread has had, so that a shortcut stamped on one thread
    /// never passes for current on another.
    static func moveEpoch() {
        let value = issuedEpochs.add(1, ordering: .relaxed).newValue
        pthread_setspecific(epochKey, UnsafeRawPointer(bitPattern: value))
    }

    /// The last epoch handed out to any thread.
    private static let issuedEpochs = Atomic<Int>(0)
    /// The thread-specific slot holding each thread's epoch (as the pointer's bits: no allocation).
    private static let epochKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Counts the steps the lookups take, for tests that check their cost (nil: not counted).
    @TaskLocal static var stepCounter: StepCounter?

    /// A count of lookup steps.
    final class StepCounter: @unchecked Sendable {
        /// Steps taken so far.
        @exclusivity(unchecked) var steps = 0
        init() {}
    }

    /// The root of the controller's containment tree.
    static func root(of controller: ViewController) -> ViewController {
        follow(controller, hint: \.rootHint, epoch: \.rootHintEpoch) { $0.parent }
    }

    /// The top of the controller's run (see the type's description).
    static func runTop(of controller: ViewController) -> ViewController {
        follow(controller, hint: \.runHint, epoch: \.runHintEpoch) { x in
            guard let p = x.parent, !p.showsEveryChild || p.children.last === x else { return nil }
            return p
        }
    }

    /// Walks up from `controller` by current shortcuts (`hint`, trusted while its `epoch` is the thread's)
    /// or by `step`, to the first controller with neither; then points every controller walked at it.
    @inline(__always)
    private static func follow(_ controller: ViewController,
                               hint: ReferenceWritableKeyPath<ViewController, ViewController?>,
                               epoch hintEpoch: ReferenceWritableKeyPath<ViewController, Int>,
                               step: (ViewController) -> ViewController?) -> ViewController {
        let current = epoch
        var path: [ViewController] = []
        var x = controller
        while true {
            if x[keyPath: hintEpoch] == current, let shortcut = x[keyPath: hint], shortcut !== x {
                path.append(x)
                x = shortcut
            } else if let next = step(x) {
                path.append(x)
                x = next
            } else {
                break
            }
        }
        stepCounter?.steps += path.count + 1
        for node in path {
            node[keyPath: hint] = x
            node[keyPath: hintEpoch] = current
        }
        return x
    }
}
