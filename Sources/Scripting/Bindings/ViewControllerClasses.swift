import LuaBridge
import ObjectGraph
import ViewControllers

/// A property of a controller as Lua sees it.
enum ControllerProperty: String {
    case title, modalPresentationStyle, navigationController, tabBarController, presentingViewController,
        presentedViewController, parent, children, isViewLoaded, isVisible, window, dvc_autoDismiss,
        dvc_autoDismissAnimated, dvc_dependencies
    case presentationController, isModalInPresentation, navigationItem
    case viewControllers, topViewController, visibleViewController  // navigation (viewControllers: tabs too)
    case selectedIndex, selectedViewController  // tabs
    case isCollapsed, style  // split view controllers

    /// True for the properties a script may set (and give as constructor options).
    var isSettable: Bool {
        switch self {
        case .title, .modalPresentationStyle, .dvc_autoDismiss, .dvc_autoDismissAnimated, .viewControllers, .selectedIndex,
             .selectedViewController, .isModalInPresentation:
            return true
        default:
            return false
        }
    }

    static let common: [ControllerProperty] = [
        .title, .modalPresentationStyle, .navigationController, .tabBarController, .presentingViewController,
        .presentedViewController, .parent, .children, .isViewLoaded, .isVisible, .window, .dvc_autoDismiss,
        .dvc_autoDismissAnimated, .dvc_dependencies, .presentationController, .isModalInPresentation, .navigationItem,
    ]
}

/// The three Lua classes of controllers.
enum ControllerKind {
    case plain, navigation, tabBar, split

    var name: String {
        switch self {
        case .plain: return "ViewController"
        case .navigation: return "NavigationController"
        case .tabBar: return "TabBarController"
        case .split: return "SplitViewController"
        }
    }

    /// UIKit properties Ripple does not simulate: refused as option keys and as assignments, instead of
    /// becoming instance values that do nothing.
    static let notImplemented = [
        "delegate": "a plain view controller has no delegate (navigation and tab bar controllers do)",
        "navigationBar": "bars are not simulated",
        "toolbar": "bars are not simulated",
        "tabBar": "bars are not simulated",
        "tabBarItem": "tab bar items are not simulated",
        "view": "views of plain controllers are not simulated",
    ]

    var properties: [ControllerProperty] {
        switch self {
        case .plain: return ControllerProperty.common
        case .navigation: return ControllerProperty.common + [.viewControllers, .topViewController, .visibleViewController]
        case .tabBar: return ControllerProperty.common + [.viewControllers, .selectedIndex, .selectedViewController]
        case .split: return ControllerProperty.common + [.viewControllers, .isCollapsed, .style]
        }
    }
}

extension ScriptedControllers {
    /// The controller argument at `index`.
    func controller(_ state: LuaState, _ index: Int32) throws -> ViewController {
        guard let vc = state.object(at: index, as: ViewController.self) else {
            throw state.typeError(index, expected: "ViewController")
        }
        return vc
    }

    /// The controller argument at `index`, or nil when it is nil or absent.
    func optionalController(_ state: LuaState, _ index: Int32) throws -> ViewController? {
        state.isNoneOrNil(index) ? nil : try controller(state, index)
    }

    /// The `animated` argument at `index`: a boolean, false when absent.
    func animated(_ state: LuaState, _ index: Int32) throws -> Bool {
        state.isNoneOrNil(index) ? false : try state.boolean(index)
    }

    /// The sequence of controllers at `index`.
    func controllers(_ state: LuaState, inArrayAt index: Int32) throws -> [ViewController] {
        let table = state.absoluteIndex(index)
        guard state.type(at: table) == .table else { throw state.typeError(index, expected: "table") }
        var result: [ViewController] = []
        for i in 0..<state.rawLength(at: table) {
            state.rawGet(tableAt: table, index: i + 1)
            defer { state.pop() }
            guard let vc = state.object(at: -1, as: ViewController.self) else {
                throw ScriptingError("item \(i + 1): ViewController expected, got \(state.typeName(at: -1))")
            }
            result.append(vc)
        }
        return result
    }

    /// Pushes the value of a property.
    func get(_ property: ControllerProperty, of vc: ViewController) {
        let state = self.state
        switch property {
        case .title: vc.title.map { state.push($0) } ?? state.pushNil()
        case .modalPresentationStyle: state.push(vc.modalPresentationStyle.rawValue)
        case .navigationController: push(vc.navigationController)
        case .tabBarController: push(vc.tabBarController)
        case .presentingViewController: push(vc.presentingViewController)
        case .presentedViewController: push(vc.presentedViewController)
        case .parent: push(vc.parent)
        case .children: push(vc.children)
        case .isViewLoaded: state.push(vc.isViewLoaded)
        case .isVisible: state.push(vc.isVisible)
        case .window:
            if let window = vc.window { state.push(object: window, class: windowClass) } else { state.pushNil() }
        case .dvc_autoDismiss:
            prepareDependencies(vc)
            state.push(vc.dvc_autoDismiss)
        case .dvc_autoDismissAnimated:
            prepareDependencies(vc)
            state.push(vc.dvc_autoDismissAnimated)
        case .dvc_dependencies:
            prepareDependencies(vc)
            engine?.push(vc.dvc_dependencies)
        case .presentationController: pushPresentationController(of: vc)
        case .navigationItem: state.push(object: LuaNavigationItem(registry: self, owner: vc), class: navigationItemClass)
        case .isModalInPresentation: state.push(vc.isModalInPresentation)
        case .viewControllers:
            push((vc as? NavigationController)?.viewControllers ?? (vc as? TabBarController)?.viewControllers
                 ?? (vc as? SplitViewController)?.viewControllers ?? [])
        case .topViewController: push((vc as? NavigationController)?.topViewController)
        case .visibleViewController: push((vc as? NavigationController)?.visibleViewController)
        case .selectedIndex: state.push((vc as? TabBarController)?.selectedIndex ?? 0)
        case .selectedViewController: push((vc as? TabBarController)?.selectedViewController)
        case .isCollapsed: state.push((vc as? SplitViewController)?.isCollapsed ?? false)
        case .style: state.push((vc as? SplitViewController)?.style ?? "")
        }
    }

    /// Stores the value at `valueIndex` into a property; read-only properties throw.
    func set(_ property: ControllerProperty, of vc: ViewController, valueIndex: Int32) throws {
        let state = self.state
        switch property {
        case .title:
            vc.title = state.isNoneOrNil(valueIndex) ? nil : try state.string(valueIndex)
        case .modalPresentationStyle:
            let name = try state.string(valueIndex)
            guard let style = ModalPresentationStyle(rawValue: name) else {
                let known = ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")
                throw ScriptingError("unknown modalPresentationStyle '\(name)' (expected one of \(known))")
            }
            vc.modalPresentationStyle = style
        case .dvc_autoDismiss:
            prepareDependencies(vc)
            vc.dvc_autoDismiss = try boolean(state, valueIndex, property)
        case .dvc_autoDismissAnimated:
            prepareDependencies(vc)
            vc.dvc_autoDismissAnimated = try boolean(state, valueIndex, property)
        case .isModalInPresentation:
            vc.isModalInPresentation = try boolean(state, valueIndex, property)
        case .viewControllers:
            if vc is SplitViewController { throw ScriptingError("viewControllers of a split view controller is read-only (set its columns' navigation controllers)") }
            let list = try controllers(state, inArrayAt: valueIndex)
            try perform {
                if let nav = vc as? NavigationController { try nav.setViewControllers(list, animated: false) }
                if let tabs = vc as? TabBarController { try tabs.setViewControllers(list, animated: false) }
            }
        case .selectedIndex:
            guard let tabs = vc as? TabBarController else { return }
            guard let index = state.toInteger(at: valueIndex), state.type(at: valueIndex) == .number else {
                throw ScriptingError("selectedIndex must be an integer, got \(state.typeName(at: valueIndex))")
            }
            try perform { tabs.selectedIndex = Int(index) }
        case .selectedViewController:
            guard let tabs = vc as? TabBarController else { return }
            let selected = try optionalController(state, valueIndex)
            try perform { tabs.selectedViewController = selected }
        default:
            throw ScriptingError("\(property.rawValue) is read-only")
        }
    }

    private func boolean(_ state: LuaState, _ index: Int32, _ property: ControllerProperty) throws -> Bool {
        guard state.type(at: index) == .boolean else {
            throw ScriptingError("\(property.rawValue) must be a boolean, got \(state.typeName(at: index))")
        }
        return state.toBoolean(at: index)
    }

    /// The Lua class of one kind of controller.
    func makeControllerClass(kind: ControllerKind) -> LuaClass {
        let properties = kind.properties
        var methods = commonMethods()
        switch kind {
        case .plain: break
        case .navigation: methods.merge(navigationMethods()) { a, _ in a }
        case .tabBar: methods.merge(tabBarMethods()) { a, _ in a }
        case .split: methods.merge(splitMethods()) { a, _ in a }
        }
        let methodNames = Set(methods.keys)
        let className = kind.name
        return LuaClass(
            name: className,
            properties: properties.map(\.rawValue),
            methods: methods,
            getter: { [unowned self] target, slot, _ in
                self.get(properties[slot], of: target as! ViewController)
            },
            setter: { [unowned self] target, slot, _, valueIndex in
                try self.set(properties[slot], of: target as! ViewController, valueIndex: valueIndex)
            },
            index: { [unowned self] _, key, _ in
                try self.pushInstanceValue(ofUserdataAt: 1, key: key)
                return true
            },
            newIndex: { [unowned self] target, key, _, valueIndex in
                if methodNames.contains(key) {
                    throw ScriptingError("cannot replace the method '\(key)' of \(className)")
                }
                if key == "delegate", kind != .plain {
                    try self.setControllerDelegate(of: target as! ViewController, userdataAt: 1, valueIndex: valueIndex)
                    return true
                }
                if let reason = ControllerKind.notImplemented[key] {
                    throw ScriptingError("\(className).\(key) is not implemented by Ripple: \(reason)")
                }
                try self.checkMethodName(key, valueIndex: valueIndex)
                try self.setInstanceValue(ofUserdataAt: 1, key: key, valueIndex: valueIndex)
                return true
            },
            tostring: { target in
                let vc = target as! ViewController
                return vc.typeName + (vc.title.map { " \"\($0)\"" } ?? "")
            }
        )
    }

    private func commonMethods() -> [String: LuaState.Body] {
        [
            "present": { [unowned self] state in
                let vc = try self.controller(state, 1)
                let other = try self.controller(state, 2)
                let animated = try self.animated(state, 3)
                let completion = state.isNoneOrNil(4) ? nil : try state.function(4)
                try self.perform {
                    try vc.present(other, animated: animated) { self.complete(completion) }
                }
                return 0
            },
            "dismiss": { [unowned self] state in
                let vc = try self.controller(state, 1)
                let animated = try self.animated(state, 2)
                let completion = state.isNoneOrNil(3) ? nil : try state.function(3)
                try self.perform {
                    vc.dismiss(animated: animated) { self.complete(completion) }
                }
                return 0
            },
            "addChild": { [unowned self] state in
                let vc = try self.controller(state, 1)
                let child = try self.controller(state, 2)
                try self.perform { try vc.addChild(child) }
                return 0
            },
            "removeFromParent": { [unowned self] state in
                let vc = try self.controller(state, 1)
                try self.perform { vc.removeFromParent() }
                return 0
            },
            "show": { [unowned self] state in
                let vc = try self.controller(state, 1)
                let other = try self.controller(state, 2)
                try self.perform { try vc.show(other) }
                return 0
            },
            "showDetailViewController": { [unowned self] state in
                let vc = try self.controller(state, 1)
                let other = try self.controller(state, 2)
                try self.perform { try vc.showDetailViewController(other) }
                return 0
            },
            "loadViewIfNeeded": { [unowned self] state in
                let vc = try self.controller(state, 1)
                try self.perform { vc.loadViewIfNeeded() }
                return 0
            },
            "dvc_add": { [unowned self] state in
                let vc = try self.controller(state, 1)
                guard let engine = self.engine else { return 0 }
                let object = try engine.checkObject(state, 2, "dvc_add")
                self.prepareDependencies(vc)
                try vc.dvc_add(object)
                if let context = object.managedObjectContext { self.watch(context) }
                return 0
            },
            "dvc_remove": { [unowned self] state in
                let vc = try self.controller(state, 1)
                guard let engine = self.engine else { return 0 }
                let object = try engine.checkObject(state, 2, "dvc_remove")
                self.prepareDependencies(vc)
                vc.dvc_remove(object)
                return 0
            },
            "dvc_removeAll": { [unowned self] state in
                let vc = try self.controller(state, 1)
                self.prepareDependencies(vc)
                vc.dvc_removeAll()
                return 0
            },
            "dvc_contains": { [unowned self] state in
                let vc = try self.controller(state, 1)
                guard let engine = self.engine else { return 0 }
                let object = try engine.checkObject(state, 2, "dvc_contains")
                self.prepareDependencies(vc)
                state.push(vc.dvc_contains(object))
                return 1
            },
        ]
    }

    private func navigationController(_ state: LuaState) throws -> NavigationController {
        guard let nav = state.object(at: 1, as: NavigationController.self) else {
            throw state.typeError(1, expected: "NavigationController")
        }
        return nav
    }

    private func navigationMethods() -> [String: LuaState.Body] {
        [
            "pushViewController": { [unowned self] state in
                let nav = try self.navigationController(state)
                let vc = try self.controller(state, 2)
                let animated = try self.animated(state, 3)
                try self.perform { try nav.pushViewController(vc, animated: animated) }
                return 0
            },
            "popViewController": { [unowned self] state in
                let nav = try self.navigationController(state)
                let animated = try self.animated(state, 2)
                let popped = try self.perform { nav.popViewController(animated: animated) }
                self.push(popped)
                return 1
            },
            "popToViewController": { [unowned self] state in
                let nav = try self.navigationController(state)
                let vc = try self.controller(state, 2)
                let animated = try self.animated(state, 3)
                let popped = try self.perform { try nav.popToViewController(vc, animated: animated) }
                self.push(popped)
                return 1
            },
            "popToRootViewController": { [unowned self] state in
                let nav = try self.navigationController(state)
                let animated = try self.animated(state, 2)
                let popped = try self.perform { nav.popToRootViewController(animated: animated) }
                self.push(popped)
                return 1
            },
            "setViewControllers": { [unowned self] state in
                let nav = try self.navigationController(state)
                let list = try self.controllers(state, inArrayAt: 2)
                let animated = try self.animated(state, 3)
                try self.perform { try nav.setViewControllers(list, animated: animated) }
                return 0
            },
        ]
    }

    private func tabBarMethods() -> [String: LuaState.Body] {
        [
            "setViewControllers": { [unowned self] state in
                guard let tabs = state.object(at: 1, as: TabBarController.self) else {
                    throw state.typeError(1, expected: "TabBarController")
                }
                let list = try self.controllers(state, inArrayAt: 2)
                let animated = try self.animated(state, 3)
                try self.perform { try tabs.setViewControllers(list, animated: animated) }
                return 0
            },
        ]
    }

    private func splitMethods() -> [String: LuaState.Body] {
        [
            "viewControllerForColumn": { [unowned self] state in
                guard let split = state.object(at: 1, as: SplitViewController.self) else {
                    throw state.typeError(1, expected: "SplitViewController")
                }
                let name = try state.string(2)
                guard let column = SplitViewController.Column(rawValue: name) else {
                    throw ScriptingError("unknown column '\(name)' (expected primary, supplementary or secondary)")
                }
                self.push(split.navigationController(for: column))
                return 1
            },
        ]
    }
}
