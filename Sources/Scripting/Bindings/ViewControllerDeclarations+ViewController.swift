import LuaBridge
import ObjectGraph
import ViewControllers

extension ViewControllerDeclarations {
    /// `ViewController`: the members every controller has.
    static func plain(_ registry: ScriptedControllers?) -> LuaClassDeclaration<ViewController> {
        LuaClassDeclaration<ViewController>(
            "ViewController",
            "A view controller (`UIViewController` with BTDependentVC). Unknown keys are per-instance Lua values.",
            properties: properties(registry),
            methods: methods(registry) + dependencyMethods(registry),
            describe: { vc in vc.typeName + (vc.title.map { " \"\($0)\"" } ?? "") })
    }

    /// A controller property holding another controller (or nil).
    private static func controller(_ name: String, _ doc: String, _ registry: ScriptedControllers?,
                                   _ value: @escaping (ViewController) -> ViewController?) -> LuaPropertyDeclaration<ViewController> {
        .custom(name, type: "ViewController?", doc, get: { [weak registry] vc, _ in registry?.push(value(vc)) })
    }

    private static func properties(_ registry: ScriptedControllers?) -> [LuaPropertyDeclaration<ViewController>] {
        let styles = ModalPresentationStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: "|")
        return [
            .property("title", "The title.", get: { $0.title }, set: { $0.title = $1 }),
            .custom("modalPresentationStyle", type: styles, "How it is presented, `automatic` by default.",
                    get: { vc, state in state.push(vc.modalPresentationStyle.rawValue) },
                    set: { vc, state, index in
                        guard let name = String(lua: state, at: index) else {
                            throw LuaError(.runtime, "bad value for property 'modalPresentationStyle' (\(String.argumentMessage(state, at: index))))")
                        }
                        guard let style = ModalPresentationStyle(rawValue: name) else {
                            let known = ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")
                            throw ScriptingError("unknown modalPresentationStyle '\(name)' (expected one of \(known))")
                        }
                        vc.modalPresentationStyle = style
                    }),
            .custom("navigationController", type: "NavigationController?", "The nearest navigation controller above it.",
                    get: { [weak registry] vc, _ in registry?.push(vc.navigationController) }),
            .custom("tabBarController", type: "TabBarController?", "The nearest tab bar controller above it.",
                    get: { [weak registry] vc, _ in registry?.push(vc.tabBarController) }),
            controller("presentingViewController", "The controller presenting it (or an ancestor).", registry) { $0.presentingViewController },
            controller("presentedViewController", "The controller it (or an ancestor) presents.", registry) { $0.presentedViewController },
            controller("parent", "Its container.", registry) { $0.parent },
            .custom("children", type: "ViewController[]", "Its child controllers.", get: { [weak registry] vc, _ in registry?.push(vc.children) }),
            .property("isViewLoaded", "Whether its view is loaded.", get: { $0.isViewLoaded }),
            .property("isVisible", "Whether it is on screen.", get: { $0.isVisible }),
            .custom("window", type: "Window?", "The window showing it.", get: { [weak registry] vc, state in
                guard let registry, let window = vc.window else { state.pushNil(); return }
                state.push(object: window, class: registry.windowClass)
            }),
            .property("dvc_autoDismiss", "Whether losing a dependency makes the controller leave the screen.",
                      get: { [weak registry] vc in registry?.prepareDependencies(vc); return vc.dvc_autoDismiss },
                      set: { [weak registry] vc, value in registry?.prepareDependencies(vc); vc.dvc_autoDismiss = value }),
            .property("dvc_autoDismissAnimated", "Whether leaving is animated, true by default.",
                      get: { [weak registry] vc in registry?.prepareDependencies(vc); return vc.dvc_autoDismissAnimated },
                      set: { [weak registry] vc, value in registry?.prepareDependencies(vc); vc.dvc_autoDismissAnimated = value }),
            .custom("dvc_dependencies", type: "ManagedObject[]", "The dependencies, in the order of `dvc_add`.",
                    get: { [weak registry] vc, state in
                        guard let registry, let engine = registry.engine else { state.pushNil(); return }
                        registry.prepareDependencies(vc)
                        engine.push(vc.dvc_dependencies)
                    }),
            .custom("presentationController", type: "PresentationController",
                    "The object managing its presentation; set its `delegate` to decide on swipes.",
                    get: { [weak registry] vc, state in
                        guard let registry else { state.pushNil(); return }
                        registry.pushPresentationController(of: vc)
                    }),
            .property("isModalInPresentation", "When true the user cannot swipe the sheet down; false by default.",
                      get: { $0.isModalInPresentation }, set: { $0.isModalInPresentation = $1 }),
            .custom("navigationItem", type: "NavigationItem", "What its navigation bar shows: `navigationItem.searchController`.",
                    get: { [weak registry] vc, state in
                        guard let registry else { state.pushNil(); return }
                        state.push(object: LuaNavigationItem(registry: registry, owner: vc), class: registry.navigationItemClass)
                    }),
        ]
    }

    private static func methods(_ registry: ScriptedControllers?) -> [LuaMethodDeclaration<ViewController>] {
        let other = LuaCheckedParameter.object("other", "ViewController", as: ViewController.self)
        let animated = LuaCheckedParameter.value("animated", Bool?.self)
        let completion = LuaCheckedParameter.function("completion", "fun()", optional: true)
        return [
            .checked("present", "Presents `other` from this controller's outermost container.",
                     [other, animated, completion]) { [weak registry] vc, state in
                let registry = try live(registry)
                let other = try registry.controller(state, 2)
                let animated = try registry.animated(state, 3)
                let completion = state.isNoneOrNil(4) ? nil : try state.function(4)
                try registry.perform {
                    try vc.present(other, animated: animated) { registry.complete(completion) }
                }
                return 0
            },
            .checked("dismiss", "Dismisses what this controller (or an ancestor) presents, or asks its presenter to dismiss it.",
                     [animated, completion]) { [weak registry] vc, state in
                let registry = try live(registry)
                let animated = try registry.animated(state, 2)
                let completion = state.isNoneOrNil(3) ? nil : try state.function(3)
                try registry.perform {
                    vc.dismiss(animated: animated) { registry.complete(completion) }
                }
                return 0
            },
            .checked("addChild", "Adds a child controller (custom containers).",
                     [.object("child", "ViewController", as: ViewController.self)]) { [weak registry] vc, state in
                let registry = try live(registry)
                let child = try registry.controller(state, 2)
                try registry.perform { try vc.addChild(child) }
                return 0
            },
            .custom("removeFromParent", "Removes the controller from its parent.") { [weak registry] vc, _ in
                try live(registry).perform { vc.removeFromParent() }
                return 0
            },
            .checked("show", """
                Shows `other` as UIKit's `show(_:sender:)` does: the nearest navigation controller pushes it (animated); \
                without one, it is presented.
                """, [other]) { [weak registry] vc, state in
                let registry = try live(registry)
                let other = try registry.controller(state, 2)
                try registry.perform { try vc.show(other) }
                return 0
            },
            .checked("showDetailViewController", """
                Shows `other` as the detail (`showDetailViewController(_:sender:)`): the nearest split view controller \
                puts it in its secondary column (collapsed: pushes it onto the primary stack); without one, it is presented.
                """, [other]) { [weak registry] vc, state in
                let registry = try live(registry)
                let other = try registry.controller(state, 2)
                try registry.perform { try vc.showDetailViewController(other) }
                return 0
            },
            .custom("loadViewIfNeeded", "Loads the view if it is not loaded yet (`viewDidLoad` runs).") { [weak registry] vc, _ in
                try live(registry).perform { vc.loadViewIfNeeded() }
                return 0
            },
        ]
    }

    private static func dependencyMethods(_ registry: ScriptedControllers?) -> [LuaMethodDeclaration<ViewController>] {
        let object = LuaParameterDeclaration("object", "ManagedObject")
        return [
            .custom("dvc_add", "Adds a dependency on a managed object of a main-queue context.", parameters: [object]) { [weak registry] vc, state in
                let registry = try live(registry)
                guard let engine = registry.engine else { return 0 }
                let object = try engine.checkObject(state, 2, "dvc_add")
                registry.prepareDependencies(vc)
                try vc.dvc_add(object)
                if let context = object.managedObjectContext { registry.watch(context) }
                return 0
            },
            .custom("dvc_remove", "Removes a dependency.", parameters: [object]) { [weak registry] vc, state in
                let registry = try live(registry)
                guard let engine = registry.engine else { return 0 }
                let object = try engine.checkObject(state, 2, "dvc_remove")
                registry.prepareDependencies(vc)
                vc.dvc_remove(object)
                return 0
            },
            .custom("dvc_removeAll", "Removes every dependency.") { [weak registry] vc, _ in
                let registry = try live(registry)
                registry.prepareDependencies(vc)
                vc.dvc_removeAll()
                return 0
            },
            .custom("dvc_contains", "Whether the controller depends on `object`.", parameters: [object], returns: "boolean") { [weak registry] vc, state in
                let registry = try live(registry)
                guard let engine = registry.engine else { return 0 }
                let object = try engine.checkObject(state, 2, "dvc_contains")
                registry.prepareDependencies(vc)
                state.push(vc.dvc_contains(object))
                return 1
            },
        ]
    }
}
