import LuaBridge
import ObjectGraph
import ViewControllers

/// The view-controller part of the `ripple` module (see docs/lua-api.md, "View controllers"):
///
/// ```lua
/// local window = ripple.window()
/// local list = ripple.viewController { title = "List" }
/// local nav = ripple.navigationController(list)
/// window.rootViewController = nav
/// local form = ripple.viewController { title = "Form", modalPresentationStyle = "pageSheet" }
/// function form:dvc_updated(object, changedKeys) self.title = object.name end
/// nav:pushViewController(form, true)
/// ripple.ViewController.dvc_defaultAutoDismiss = false    -- per engine
/// ```
extension ScriptEngine {
    /// Registers `ripple.window`, `ripple.viewController`, `ripple.navigationController`,
    /// `ripple.tabBarController` and `ripple.ViewController` in the module table at `module`.
    func installViewControllers(into module: Int32) {
        let module = state.absoluteIndex(module)
        let registry = ScriptedControllers(engine: self)
        scriptedControllers = registry
        state.register(in: module, name: "window") { [unowned self] state in
            let window = Window()
            window.logHandler = { [weak self] event in self?.log.record(TraceEvent(.window(event))) }
            self.windows.append(WeakWindow(window: window))
            state.push(object: window, class: registry.windowClass)
            return 1
        }
        state.register(in: module, name: "viewController") { state in
            let vc = ViewController()
            try registry.create(vc, options: 1, state: state)
            return 1
        }
        state.register(in: module, name: "navigationController") { state in
            try registry.checkOptions(.navigation, at: state.type(at: 2) == .table ? 2 : (state.type(at: 1) == .table ? 1 : 0), state: state)
            let nav = NavigationController()
            registry.adopt(nav)
            let stack: [ViewController]
            if state.object(at: 1, as: ViewController.self) != nil {
                stack = [try registry.controller(state, 1)]
            } else if state.type(at: 1) == .table, state.rawGet(tableAt: 1, key: "rootViewController") != .nil {
                // `ripple.navigationController { rootViewController = vc }`: UINavigationController(rootViewController:).
                defer { state.pop() }
                stack = [try registry.controller(state, state.top)]
            } else if state.type(at: 1) == .table {
                stack = try registry.controllers(state, inArrayAt: 1)
            } else if state.isNoneOrNil(1) {
                stack = []
            } else {
                throw state.typeError(1, expected: "ViewController or table")
            }
            try registry.perform { try nav.setViewControllers(stack, animated: false) }
            try registry.create(nav, options: state.type(at: 2) == .table ? 2 : (state.type(at: 1) == .table ? 1 : 0), state: state)
            return 1
        }
        state.register(in: module, name: "tabBarController") { state in
            try registry.checkOptions(.tabBar, at: state.type(at: 1) == .table ? 1 : 0, state: state)
            let tabs = TabBarController(viewControllers: [])
            registry.adopt(tabs)
            let list = state.isNoneOrNil(1) ? [] : try registry.controllers(state, inArrayAt: 1)
            try registry.perform { try tabs.setViewControllers(list, animated: false) }
            try registry.create(tabs, options: state.type(at: 1) == .table ? 1 : 0, state: state)
            return 1
        }
        state.push(object: ScriptedControllers.ClassObject(registry: registry), class: registry.classObjectClass)
        state.rawSet(tableAt: module, key: "ViewController")
        installControllerGestures(into: module, registry: registry)
        installSearchControllers(into: module, registry: registry)
        state.register(in: module, name: "splitViewController") { state in
            guard state.type(at: 1) == .table else { throw state.typeError(1, expected: "table") }
            try registry.checkOptions(.split, at: 1, state: state)
            func column(_ name: String) throws -> ViewController? {
                state.rawGet(tableAt: 1, key: name)
                defer { state.pop() }
                return try registry.optionalController(state, state.top)
            }
            guard let primary = try column("primary"), let secondary = try column("secondary") else {
                throw ScriptingError("ripple.splitViewController needs a primary and a secondary view controller")
            }
            let supplementary = try column("supplementary")
            let split = try registry.perform {
                try SplitViewController(primary: primary, supplementary: supplementary, secondary: secondary)
            }
            for nav in split.viewControllers { registry.adopt(nav) }
            try registry.create(split, options: 1, state: state)
            return 1
        }
    }
}

extension ScriptedControllers {
    /// Adopts a new controller and applies the string keys of the options table at `options` (0: none):
    /// known properties are set, other keys become instance values. A string at `options` is the title.
    /// Pushes the controller.
    /// Refuses an option key that is not a settable property of the kind (checked before anything changes).
    func checkOptions(_ kind: ControllerKind, at options: Int32, state: LuaState) throws {
        guard options != 0, state.type(at: options) == .table else { return }
        try engine?.checkOptionKeys(ofTableAt: options, known: declarations.declaration(of: kind).settablePropertyNames + (kind == .navigation ? ["rootViewController"] : []) + (kind == .split ? ["primary", "supplementary", "secondary"] : [])
                                + (kind == .plain ? [] : ["delegate"]),
                            positional: kind == .plain ? 0 : Int(state.rawLength(at: options)),
                            what: "the options of ripple.\(kind == .plain ? "viewController" : (kind == .navigation ? "navigationController" : (kind == .split ? "splitViewController" : "tabBarController")))",
                            notImplemented: ControllerKind.notImplemented)
    }

    func create(_ vc: ViewController, options: Int32, state: LuaState) throws {
        adopt(vc)
        if options != 0, state.type(at: options) == .string {
            vc.title = state.toString(at: options)
        }
        push(vc)
        let ud = state.top
        guard options != 0, state.type(at: options) == .table else { return }
        let kind: ControllerKind = vc is NavigationController ? .navigation
            : (vc is TabBarController ? .tabBar : (vc is SplitViewController ? .split : .plain))
        try checkOptions(kind, at: options, state: state)
        var keys: [String] = []
        try state.forEachPair(inTableAt: options) { key, _ in
            if state.type(at: key) == .string, let name = state.toString(at: key) { keys.append(name) }
        }
        // Properties first, in slot order (selection after the tabs), then instance values sorted.
        let declaration = declarations.declaration(of: kind)
        for property in declaration.settablePropertyNames where keys.contains(property) {
            state.rawGet(tableAt: options, key: property)
            defer { state.pop() }
            try declaration.set(property, of: vc, state: state, valueIndex: state.top)
        }
        let properties = Set(declaration.propertyNames)
        for key in keys.sorted() where !properties.contains(key) {
            state.rawGet(tableAt: options, key: key)
            defer { state.pop() }
            if kind == .split, ["primary", "supplementary", "secondary"].contains(key) { continue }
            if key == "delegate", kind != .plain {
                try setControllerDelegate(of: vc, userdataAt: ud, valueIndex: state.top)
                continue
            }
            try setInstanceValue(ofUserdataAt: ud, key: key, valueIndex: state.top)
        }
        state.setTop(ud)
    }

    /// Refuses a value stored on a controller under a misspelling of a method it may implement
    /// (``LuaProtocols/viewControllerRoles``: `viewDidAppaer`, `dvc_update`) or a non-function under
    /// such a method's name (`vc.viewDidLoad = 1`).
    func checkMethodName(_ key: String, valueIndex: Int32) throws {
        let members = [(name: key, type: state.isCallable(at: valueIndex) ? LuaType.function : state.type(at: valueIndex))]
        if let problem = LuaProtocolDeclaration.problem(members: members, playing: LuaProtocols.viewControllerRoles) {
            throw ScriptingError(problem)
        }
    }
}
