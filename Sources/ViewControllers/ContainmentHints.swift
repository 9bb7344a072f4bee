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
    /// Moved by every change that can invalidate a shortcut (relaxed: each engine uses its controllers
    /// from one thread; a move made by another thread only costs that thread's shortcuts).
    nonisolated(unsafe) static var epoch = 0

    /// Counts the steps the lookups take, for tests that check their cost (nil: not counted).
    @TaskLocal static var stepCounter: StepCounter?

    /// A count of lookup steps.
    final class StepCounter: @unchecked Sendable {
        /// Steps taken so far.
        var steps = 0
        init() {}
    }

    /// The root of the controller's containment tree.
    static func root(of controller: ViewController) -> ViewController {
        var path: [ViewController] = []
        var x = controller
        while true {
            if x.rootHintEpoch == epoch, let hint = x.rootHint, hint !== x {
                path.append(x)
                x = hint
            } else if let p = x.parent {
                path.append(x)
                x = p
            } else {
                break
            }
        }
        stepCounter?.steps += path.count + 1
        for node in path {
            node.rootHint = x
            node.rootHintEpoch = epoch
        }
        return x
    }

    /// The top of the controller's run (see the type's description).
    static func runTop(of controller: ViewController) -> ViewController {
        var path: [ViewController] = []
        var x = controller
        while true {
            if x.runHintEpoch == epoch, let hint = x.runHint, hint !== x {
                path.append(x)
                x = hint
            } else if let p = x.parent, !p.showsEveryChild || p.children.last === x {
                path.append(x)
                x = p
            } else {
                break
            }
        }
        stepCounter?.steps += path.count + 1
        for node in path {
            node.runHint = x
            node.runHintEpoch = epoch
        }
        return x
    }
}
