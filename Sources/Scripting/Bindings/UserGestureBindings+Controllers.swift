import CollectionViews
import LuaBridge
import ViewControllers

/// The controller gestures of `ripple.user` (docs/user-actions.md, "Controllers and screens"): each calls the
/// ViewControllers library's gesture (``NavigationController/userTapBack()`` and the others), which goes through
/// UIKit's calls in UIKit's order and writes them to the window's event log, hence the trace.
///
/// ```lua
/// ripple.user.tapBack(nav)
/// ripple.user.swipeBack(nav, { cancel = true })
/// ripple.user.selectTab(tabs, 1)
/// ripple.user.swipeDown(sheet)
/// ```
extension ScriptEngine {
    /// Adds `tapBack`, `swipeBack`, `selectTab` and `swipeDown` to the `ripple.user` table of the module at
    /// `module`, creating the table when it is not there yet (the row gestures share it).
    func installControllerGestures(into module: Int32, registry: ScriptedControllers) {
        let module = state.absoluteIndex(module)
        if state.rawGet(tableAt: module, key: "user") != .table {
            state.pop()
            state.newTable()
            state.pushValue(at: -1)
            state.rawSet(tableAt: module, key: "user")
        }
        let user = state.top
        defer { state.pop() }
        state.register(in: user, name: "tapBack") { state in
            let nav = try registry.gestureTarget(state, NavigationController.self, "NavigationController")
            try registry.perform { try nav.userTapBack() }
            return 0
        }
        state.register(in: user, name: "swipeBack") { [unowned self] state in
            let nav = try registry.gestureTarget(state, NavigationController.self, "NavigationController")
            var cancel = false
            if !state.isNoneOrNil(2) {
                guard state.type(at: 2) == .table else { throw state.typeError(2, expected: "table") }
                try self.checkOptionKeys(ofTableAt: 2, known: ["cancel"], what: "the options of ripple.user.swipeBack")
                if state.rawGet(tableAt: 2, key: "cancel") != .nil {
                    defer { state.pop() }
                    guard state.type(at: -1) == .boolean else {
                        throw ScriptingError("cancel must be a boolean, got \(state.typeName(at: -1))")
                    }
                    cancel = state.toBoolean(at: -1)
                } else {
                    state.pop()
                }
            }
            try registry.perform { try nav.userSwipeBack(cancelled: cancel) }
            return 0
        }
        state.register(in: user, name: "selectTab") { state in
            let tabs = try registry.gestureTarget(state, TabBarController.self, "TabBarController")
            guard state.type(at: 2) == .number, let index = state.toInteger(at: 2) else {
                throw state.typeError(2, expected: "integer")
            }
            try registry.perform { try tabs.userSelect(index: Int(index)) }
            return 0
        }
        state.register(in: user, name: "swipeDown") { state in
            let vc = try registry.gestureTarget(state, ViewController.self, "ViewController")
            try registry.perform { try vc.userSwipeDown() }
            return 0
        }
    }
}

extension ScriptedControllers {
    /// The controller a gesture acts on (argument 1).
    func gestureTarget<T: ViewController>(_ state: LuaState, _ type: T.Type, _ name: String) throws -> T {
        guard let vc = state.object(at: 1, as: T.self) else { throw state.typeError(1, expected: name) }
        try Self.checkNoBatchOpen("a user gesture")
        return vc
    }

    /// Refuses a gesture while a table or collection view has a batch update open: touches come from the run
    /// loop, which does not run while a batch's block does.
    static func checkNoBatchOpen(_ what: String) throws {
        guard OpenBatchUpdates.isAnyOpen else { return }
        throw ScriptingError("\(what) cannot happen while a table or collection view has a batch update open "
            + "(inside performBatchUpdates, or between beginUpdates and endUpdates): the user's touches are delivered "
            + "by the run loop, which does not run until the batch ends")
    }

    /// Pushes the presentation controller of `vc` (`vc.presentationController`).
    func pushPresentationController(of vc: ViewController) {
        state.push(object: LuaPresentationController(registry: self, presented: vc), class: presentationControllerClass)
    }
}

/// What `vc.presentationController` is in Lua: the presented controller's presentation controller, whose
/// `delegate` the bindings keep as an instance value of the presented controller.
final class LuaPresentationController {
    weak var registry: ScriptedControllers?
    let presented: ViewController

    init(registry: ScriptedControllers, presented: ViewController) {
        self.registry = registry
        self.presented = presented
    }

    /// `vc.presentationController`'s class, declared once.
    static let declaration = LuaClassDeclaration<LuaPresentationController>(
        "PresentationController",
        "The object managing a controller's presentation (`UIPresentationController`), `vc.presentationController`.",
        properties: [
            .custom("delegate", type: "AdaptivePresentationControllerDelegate?", """
                The delegate asked when the user swipes the sheet down (read/write; a table of functions or an object).
                """, get: { box, state in
                    guard let registry = box.registry else { state.pushNil(); return }
                    registry.push(box.presented)
                    try registry.pushInstanceValue(ofUserdataAt: state.top, key: LuaControllerDelegates.presentationKey)
                    state.remove(at: -2)
                }, set: { box, state, index in
                    guard let registry = box.registry else { return }
                    try registry.setPresentationDelegate(of: box.presented, valueIndex: index)
                }),
            .custom("presentedViewController", type: "ViewController", "The controller it presents.", get: { box, _ in
                box.registry?.push(box.presented)
            }),
            .custom("presentingViewController", type: "ViewController?", "The controller presenting it, nil when not presented.", get: { box, _ in
                box.registry?.push(box.presented.presentingViewController)
            }),
            .custom("presentationStyle", type: #""automatic"|"fullScreen"|"pageSheet"|"formSheet"|"popover"|"overCurrentContext"|"overFullScreen"|"currentContext""#, """
                The style in use: `modalPresentationStyle` resolved for the window's width (`automatic` is `pageSheet`, a \
                popover in a compact width is `fullScreen`).
                """, get: { box, state in
                    state.push(box.presented.presentationController.presentationStyle.rawValue)
                }),
        ],
        describe: { "PresentationController(\($0.presented.displayName))" })
}

extension ScriptedControllers {
    /// Stores (or, for nil, clears) the presentation controller delegate of `vc`, checked against
    /// `UIAdaptivePresentationControllerDelegate`.
    func setPresentationDelegate(of vc: ViewController, valueIndex: Int32) throws {
        let state = self.state
        let value = state.absoluteIndex(valueIndex)
        let isNil = state.type(at: value) == .nil
        if !isNil {
            guard state.type(at: value) == .table || state.type(at: value) == .userdata else {
                throw ScriptingError("delegate must be a table of functions (or an object), got \(state.typeName(at: value))")
            }
            try engine?.checkMembers(ofObjectAt: value, playing: LuaProtocols.adaptivePresentationControllerDelegate)
        }
        push(vc)
        defer { state.pop() }
        try setInstanceValue(ofUserdataAt: state.top, key: LuaControllerDelegates.presentationKey, valueIndex: value)
        vc.presentationController.delegate = isNil ? nil : delegates
    }

    /// Stores (or clears) the `delegate` of a navigation or tab bar controller, checked against its protocol.
    func setControllerDelegate(of vc: ViewController, userdataAt ud: Int32, valueIndex: Int32) throws {
        let state = self.state
        let value = state.absoluteIndex(valueIndex)
        let isNil = state.type(at: value) == .nil
        if !isNil {
            guard state.type(at: value) == .table || state.type(at: value) == .userdata else {
                throw ScriptingError("delegate must be a table of functions (or an object), got \(state.typeName(at: value))")
            }
            let role = vc is TabBarController ? LuaProtocols.tabBarControllerDelegate
                : (vc is SplitViewController ? LuaProtocols.splitViewControllerDelegate : LuaProtocols.navigationControllerDelegate)
            try engine?.checkMembers(ofObjectAt: value, playing: role)
        }
        try setInstanceValue(ofUserdataAt: ud, key: "delegate", valueIndex: value)
        if let nav = vc as? NavigationController { nav.delegate = isNil ? nil : delegates }
        if let tabs = vc as? TabBarController { tabs.delegate = isNil ? nil : delegates }
        if let split = vc as? SplitViewController { split.delegate = isNil ? nil : delegates }
    }
}
