import LuaBridge
import ViewControllers

/// The one Swift delegate behind every Lua navigation, tab bar and presentation controller delegate of an
/// engine. The Lua delegate object (a table of functions, a class instance, or a view controller) is kept as
/// an instance value of the controller (``ScriptedControllers``' weak-keyed tables, so a delegate that refers
/// back to its controller is collectable) and looked up at each call: `delegate` for navigation and tab bar
/// controllers, ``presentationKey`` on the presented controller for its presentation controller.
///
/// Notifications (`willShowViewController`, `didShowViewController`) happen inside a transition: their errors
/// are kept and raised after it, like lifecycle callbacks'. Questions (`shouldSelectViewController`,
/// `presentationControllerShouldDismiss`) are asked before anything changes: an error, or an answer that is not
/// a boolean, stops the gesture with the screen unchanged.
final class LuaControllerDelegates: NavigationControllerDelegate, TabBarControllerDelegate, AdaptivePresentationControllerDelegate,
    SplitViewControllerDelegate {
    /// The instance-value key of a presented controller's presentation controller delegate.
    static let presentationKey = "presentationController.delegate"

    unowned let registry: ScriptedControllers

    init(registry: ScriptedControllers) {
        self.registry = registry
    }

    /// Calls `name` of the Lua delegate stored under `key` on `owner`, with `owner`'s userdata first and the
    /// pushed arguments; returns the first result as a boolean when `answer` is true (it must be one).
    /// ``call(_:of:key:answer:_:)`` for the extensions.
    func callDelegate(_ name: String, of owner: ViewController, _ pushArguments: () -> Int32) throws {
        try call(name, of: owner, pushArguments)
    }

    @discardableResult
    private func call(_ name: String, of owner: ViewController, key: String = "delegate", answer: Bool = false,
                      _ pushArguments: () -> Int32) throws -> Bool {
        let state = registry.state
        let top = state.top
        defer { state.setTop(top) }
        registry.push(owner)
        try registry.pushInstanceValue(ofUserdataAt: state.top, key: key)
        guard state.type(at: -1) != .nil else { return true }
        let what = key == "delegate" ? "the delegate of \(owner.luaDescription)" : "the presentation controller delegate of \(owner.luaDescription)"
        let pushed: Int32?
        do { pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: what) } catch { throw ScriptingError(error.message) }
        guard let pushed else { return true }
        let count = pushArguments()
        do { try state.pcall(arguments: pushed - 1 + count, results: 1) } catch { throw ScriptingError(error.message) }
        guard answer else { return true }
        guard state.type(at: -1) == .boolean else {
            throw ScriptingError("\(name) of \(what) must return a boolean, got \(state.typeName(at: -1))")
        }
        return state.toBoolean(at: -1)
    }

    // MARK: UINavigationControllerDelegate

    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
        notify("willShowViewController", navigationController, viewController, animated)
    }

    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
        notify("didShowViewController", navigationController, viewController, animated)
    }

    private func notify(_ name: String, _ nav: NavigationController, _ vc: ViewController, _ animated: Bool) {
        do {
            try call(name, of: nav) {
                registry.push(nav)
                registry.push(vc)
                registry.state.push(animated)
                return 3
            }
        } catch {
            registry.keep(error)
        }
    }

    // MARK: UITabBarControllerDelegate

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) throws -> Bool {
        try call("shouldSelectViewController", of: tabBarController, answer: true) {
            registry.push(tabBarController)
            registry.push(viewController)
            return 2
        }
    }

    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) throws {
        try call("didSelectViewController", of: tabBarController) {
            registry.push(tabBarController)
            registry.push(viewController)
            return 2
        }
    }

    // MARK: UIAdaptivePresentationControllerDelegate

    private func callPresentation(_ name: String, _ presentation: PresentationController, answer: Bool = false) throws -> Bool {
        guard let presented = presentation.presentedViewController else { return true }
        return try call(name, of: presented, key: Self.presentationKey, answer: answer) {
            registry.pushPresentationController(of: presented)
            return 1
        }
    }

    func presentationControllerShouldDismiss(_ presentationController: PresentationController) throws -> Bool {
        try callPresentation("presentationControllerShouldDismiss", presentationController, answer: true)
    }

    func presentationControllerWillDismiss(_ presentationController: PresentationController) throws {
        try callPresentation("presentationControllerWillDismiss", presentationController)
    }

    func presentationControllerDidDismiss(_ presentationController: PresentationController) throws {
        try callPresentation("presentationControllerDidDismiss", presentationController)
    }

    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) throws {
        try callPresentation("presentationControllerDidAttemptToDismiss", presentationController)
    }
}

extension LuaControllerDelegates {
    // MARK: UISplitViewControllerDelegate

    func splitViewController(_ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposed: SplitViewController.Column) -> SplitViewController.Column {
        let state = registry.state
        let top = state.top
        defer { state.setTop(top) }
        do {
            registry.push(svc)
            try registry.pushInstanceValue(ofUserdataAt: state.top, key: "delegate")
            guard state.type(at: -1) != .nil else { return proposed }
            let what = "the delegate of \(svc.luaDescription)"
            let name = "topColumnForCollapsingToProposedTopColumn"
            let pushed: Int32?
            do { pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: what) } catch { throw ScriptingError(error.message) }
            guard let pushed else { return proposed }
            registry.push(svc)
            state.push(proposed.rawValue)
            do { try state.pcall(arguments: pushed - 1 + 2, results: 1) } catch { throw ScriptingError(error.message) }
            guard state.type(at: -1) == .string, let answer = state.toString(at: -1),
                  let column = SplitViewController.Column(rawValue: answer) else {
                throw ScriptingError("\(name) of \(what) must return \"primary\", \"supplementary\" or \"secondary\", got \(state.type(at: -1) == .string ? "'\(state.toString(at: -1) ?? "")'" : state.typeName(at: -1))")
            }
            return column
        } catch {
            registry.keep(error)
            return proposed
        }
    }

    func splitViewControllerDidCollapse(_ svc: SplitViewController) { notifySplit("splitViewControllerDidCollapse", svc) }

    func splitViewControllerDidExpand(_ svc: SplitViewController) { notifySplit("splitViewControllerDidExpand", svc) }

    private func notifySplit(_ name: String, _ svc: SplitViewController) {
        do {
            try callDelegate(name, of: svc) {
                registry.push(svc)
                return 1
            }
        } catch {
            registry.keep(error)
        }
    }
}

extension ViewController {
    /// `<ViewController "Form">`: how Lua-facing messages name a controller.
    var luaDescription: String { "<\(typeName)\(title.map { " \"\($0)\"" } ?? "")>" }
}
