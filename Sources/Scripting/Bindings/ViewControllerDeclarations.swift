import LuaBridge
import ObjectGraph
import ViewControllers

/// The Lua classes of view controllers, declared once (``LuaOpenClassDeclaration``): `ViewController` and
/// the containers that extend it, `NavigationController`, `TabBarController` and `SplitViewController`.
/// Their metatables, argument checks, annotations and `:help` come from these declarations. Every key a
/// controller does not declare is a per-instance Lua value (``ScriptedControllers``), except UIKit
/// properties Ripple does not simulate (``ControllerKind/notImplemented``) and misspellings of the methods a
/// controller may implement.
///
/// The declarations of an engine capture its registry (weakly); those made without one
/// (``documented``) only describe the API.
struct ViewControllerDeclarations {
    /// `ViewController`.
    let viewController: LuaOpenClassDeclaration
    /// `NavigationController`.
    let navigationController: LuaOpenClassDeclaration
    /// `TabBarController`.
    let tabBarController: LuaOpenClassDeclaration
    /// `SplitViewController`.
    let splitViewController: LuaOpenClassDeclaration
    /// `Window`.
    let window: LuaClassDeclaration<Window>

    /// The declarations whose closures use `registry` (nil: for the annotations only).
    init(registry: ScriptedControllers?) {
        viewController = LuaOpenClassDeclaration(Self.plain(registry), openFields: Self.openFields(registry, .plain))
        navigationController = LuaOpenClassDeclaration(Self.navigation(registry), extending: viewController,
                                                       openFields: Self.openFields(registry, .navigation))
        tabBarController = LuaOpenClassDeclaration(Self.tabBar(registry), extending: viewController,
                                                   openFields: Self.openFields(registry, .tabBar))
        splitViewController = LuaOpenClassDeclaration(Self.split(registry), extending: viewController,
                                                      openFields: Self.openFields(registry, .split))
        window = Self.window(registry)
    }

    /// The declaration of one kind of controller.
    func declaration(of kind: ControllerKind) -> LuaOpenClassDeclaration {
        switch kind {
        case .plain: return viewController
        case .navigation: return navigationController
        case .tabBar: return tabBarController
        case .split: return splitViewController
        }
    }

    /// The declarations the annotations are made from.
    static let documented = ViewControllerDeclarations(registry: nil)

    /// Every class of the screens declared once, for the annotations.
    static var all: [any LuaClassDescribing] {
        [documented.window, documented.viewController, documented.navigationController, documented.tabBarController,
         documented.splitViewController, classObjectDeclaration]
    }

    /// The engine's registry, or an error once the engine is gone.
    static func live(_ registry: ScriptedControllers?) throws -> ScriptedControllers {
        guard let registry, registry.engine != nil else { throw ScriptingError("the engine of this view controller is closed") }
        return registry
    }

    /// The controller at `index` as the value of `property`, nil when it is nil.
    static func controllerValue(_ state: LuaState, _ index: Int32, property: String) throws -> ViewController? {
        if state.type(at: index) == .nil { return nil }
        guard let vc = state.object(at: index, as: ViewController.self) else {
            throw LuaError(.runtime, "bad value for property '\(property)' (ViewController expected, got \(state.typeName(at: index)))")
        }
        return vc
    }

    /// The sequence of controllers at `index` as the value of `property`.
    static func controllersValue(_ registry: ScriptedControllers, _ state: LuaState, _ index: Int32,
                                 property: String) throws -> [ViewController] {
        guard state.type(at: index) == .table else {
            throw LuaError(.runtime, "bad value for property '\(property)' (table expected, got \(state.typeName(at: index)))")
        }
        return try registry.controllers(state, inArrayAt: index)
    }

    // MARK: Open fields

    /// The per-instance values of a controller of `kind`: `delegate` of containers, refusals of what Ripple
    /// does not simulate and of misspelled callbacks, anything else stored.
    static func openFields<Object: ViewController>(_ registry: ScriptedControllers?, _ kind: ControllerKind) -> LuaOpenFields<Object> {
        let className = kind.name
        return LuaOpenFields(
            conventions: conventions(kind),
            read: { [weak registry] _, key, state in
                guard let registry else { state.pushNil(); return }
                try registry.pushInstanceValue(ofUserdataAt: 1, key: key)
            },
            write: { [weak registry] vc, key, state, valueIndex in
                let registry = try live(registry)
                if key == "delegate", kind != .plain {
                    try registry.setControllerDelegate(of: vc, userdataAt: 1, valueIndex: valueIndex)
                    return
                }
                if let reason = ControllerKind.notImplemented[key] {
                    throw ScriptingError("\(className).\(key) is not implemented by Ripple: \(reason)")
                }
                try registry.checkMethodName(key, valueIndex: valueIndex)
                try registry.setInstanceValue(ofUserdataAt: 1, key: key, valueIndex: valueIndex)
            })
    }

    /// The keys scripts set on controllers of `kind` by convention.
    static func conventions<Object>(_ kind: ControllerKind) -> [LuaOpenFields<Object>.Convention] {
        switch kind {
        case .navigation:
            return [.init("delegate", "NavigationControllerDelegate", "Told of each new top controller shown (a table of functions or an object).")]
        case .tabBar:
            return [.init("delegate", "TabBarControllerDelegate", "Asked when the user taps a tab (a table of functions or an object).")]
        case .split:
            return [.init("delegate", "SplitViewControllerDelegate", "Asked for the top column when collapsing (a table of functions or an object).")]
        case .plain:
            let vc = "self: ViewController"
            let table = "\(vc), tableView: TableView", collection = "\(vc), collectionView: CollectionView"
            let frc = "\(vc), controller: FetchedResultsController"
            return [
                .init("tableView", "TableView", "By convention (a per-instance value): the table view a table view controller manages."),
                .init("collectionView", "CollectionView", "By convention (a per-instance value): the collection view it manages."),
                .init("numberOfSections", "fun(\(vc), view: CollectionView): integer", "As the view's data source: the number of sections (1 when missing)."),
                .init("numberOfRowsInSection", "fun(\(table), section: integer): integer", "As a table view's data source."),
                .init("cellForRowAtIndexPath", "fun(\(table), indexPath: IndexPath): CollectionReusableView|table", "As a table view's data source: a dequeued cell."),
                .init("titleForHeaderInSection", "fun(\(table), section: integer): string?", "As a table view's data source."),
                .init("titleForFooterInSection", "fun(\(table), section: integer): string?", "As a table view's data source."),
                .init("numberOfItemsInSection", "fun(\(collection), section: integer): integer", "As a collection view's data source."),
                .init("cellForItemAtIndexPath", "fun(\(collection), indexPath: IndexPath): CollectionReusableView|table", "As a collection view's data source."),
                .init("controllerWillChangeContent", "fun(\(frc))", "As `frc.delegate`."),
                .init("didChangeSection", #"fun(\#(frc), sectionInfo: FetchedResultsSectionInfo, sectionIndex: integer, type: "insert"|"delete")"#, "As `frc.delegate`."),
                .init("didChangeObject", #"fun(\#(frc), object: ManagedObject, indexPath: IndexPath?, type: "insert"|"delete"|"move"|"update", newIndexPath: IndexPath?)"#, "As `frc.delegate`."),
                .init("controllerDidChangeContent", "fun(\(frc))", "As `frc.delegate`."),
                .init("didChangeContentWithSnapshot", "fun(\(frc), snapshot: Snapshot)", "As `frc.delegate`."),
                .init("viewDidLoad", "fun(\(vc))", "Called when the view loads."),
                .init("viewWillAppear", "fun(\(vc), animated: boolean)"),
                .init("viewDidAppear", "fun(\(vc), animated: boolean)"),
                .init("viewWillDisappear", "fun(\(vc), animated: boolean)"),
                .init("viewDidDisappear", "fun(\(vc), animated: boolean)"),
                .init("dvc_updated", "fun(\(vc), object: ManagedObject, changedKeys: string[])", "A dependency changed."),
                .init("dvc_deleted", "fun(\(vc), object: ManagedObject)", "A dependency was deleted, invalidated or reset."),
            ]
        }
    }

    // MARK: Containers

    static func navigation(_ registry: ScriptedControllers?) -> LuaClassDeclaration<NavigationController> {
        let animated = LuaCheckedParameter.value("animated", Bool?.self)
        let vc = LuaCheckedParameter.object("vc", "ViewController", as: ViewController.self)
        return LuaClassDeclaration<NavigationController>(
            "NavigationController", "A navigation controller (`UINavigationController`).",
            properties: [
                .custom("viewControllers", type: "ViewController[]", "The stack, bottom first; setting it is not animated.",
                        get: { [weak registry] nav, _ in registry?.push(nav.viewControllers) },
                        set: { [weak registry] nav, state, index in
                            let registry = try live(registry)
                            let list = try controllersValue(registry, state, index, property: "viewControllers")
                            try registry.perform { try nav.setViewControllers(list, animated: false) }
                        }),
                .custom("topViewController", type: "ViewController?", "The controller on top of the stack.",
                        get: { [weak registry] nav, _ in registry?.push(nav.topViewController) }),
                .custom("visibleViewController", type: "ViewController?", "The top controller, or what it presents.",
                        get: { [weak registry] nav, _ in registry?.push(nav.visibleViewController) }),
            ],
            methods: [
                .checked("pushViewController", "Pushes a controller.", [vc, animated]) { [weak registry] nav, state in
                    let registry = try live(registry)
                    let vc = try registry.controller(state, 2)
                    let animated = try registry.animated(state, 3)
                    try registry.perform { try nav.pushViewController(vc, animated: animated) }
                    return 0
                },
                .checked("popViewController", "Pops the top controller; returns it, or nil.", [animated],
                        returns: "ViewController?") { [weak registry] nav, state in
                    let registry = try live(registry)
                    let animated = try registry.animated(state, 2)
                    registry.push(try registry.perform { nav.popViewController(animated: animated) })
                    return 1
                },
                .checked("popToViewController", "Pops to `vc`; returns the popped controllers, bottom first.",
                         [vc, animated], returns: "ViewController[]") { [weak registry] nav, state in
                    let registry = try live(registry)
                    let vc = try registry.controller(state, 2)
                    let animated = try registry.animated(state, 3)
                    registry.push(try registry.perform { try nav.popToViewController(vc, animated: animated) })
                    return 1
                },
                .checked("popToRootViewController", "Pops to the root; returns the popped controllers, bottom first.",
                         [animated], returns: "ViewController[]") { [weak registry] nav, state in
                    let registry = try live(registry)
                    let animated = try registry.animated(state, 2)
                    registry.push(try registry.perform { nav.popToRootViewController(animated: animated) })
                    return 1
                },
                .checked("setViewControllers", "Replaces the stack (`{}` empties it).",
                         [.table("controllers", "ViewController[]"), animated]) { [weak registry] nav, state in
                    let registry = try live(registry)
                    let list = try registry.controllers(state, inArrayAt: 2)
                    let animated = try registry.animated(state, 3)
                    try registry.perform { try nav.setViewControllers(list, animated: animated) }
                    return 0
                },
            ])
    }

    static func tabBar(_ registry: ScriptedControllers?) -> LuaClassDeclaration<TabBarController> {
        LuaClassDeclaration<TabBarController>(
            "TabBarController", "A tab bar controller (`UITabBarController`).",
            properties: [
                .custom("viewControllers", type: "ViewController[]", "The tabs.",
                        get: { [weak registry] tabs, _ in registry?.push(tabs.viewControllers) },
                        set: { [weak registry] tabs, state, index in
                            let registry = try live(registry)
                            let list = try controllersValue(registry, state, index, property: "viewControllers")
                            try registry.perform { try tabs.setViewControllers(list, animated: false) }
                        }),
                .property("selectedIndex", "The selected tab, 0-based (out of range does nothing).",
                          get: { $0.selectedIndex }, set: { [weak registry] (tabs: TabBarController, index: Int) in
                              try live(registry).perform { tabs.selectedIndex = index }
                          }),
                .custom("selectedViewController", type: "ViewController?", "The selected tab's controller.",
                        get: { [weak registry] tabs, _ in registry?.push(tabs.selectedViewController) },
                        set: { [weak registry] tabs, state, index in
                            let registry = try live(registry)
                            let selected = try controllerValue(state, index, property: "selectedViewController")
                            try registry.perform { tabs.selectedViewController = selected }
                        }),
            ],
            methods: [
                .checked("setViewControllers", "Replaces the tabs.",
                         [.table("controllers", "ViewController[]"), .value("animated", Bool?.self)]) { [weak registry] tabs, state in
                    let registry = try live(registry)
                    let list = try registry.controllers(state, inArrayAt: 2)
                    let animated = try registry.animated(state, 3)
                    try registry.perform { try tabs.setViewControllers(list, animated: animated) }
                    return 0
                },
            ])
    }

    static func split(_ registry: ScriptedControllers?) -> LuaClassDeclaration<SplitViewController> {
        let columns = #""primary"|"supplementary"|"secondary""#
        return LuaClassDeclaration<SplitViewController>(
            "SplitViewController",
            "A split view controller (`UISplitViewController`, iOS 14 column style), made by `ripple.splitViewController`.",
            properties: [
                .custom("viewControllers", type: "NavigationController[]",
                        "The columns' navigation controllers: primary, supplementary (if any), secondary.",
                        get: { [weak registry] split, _ in registry?.push(split.viewControllers) }),
                .property("isCollapsed", "True while it shows one stack (the window is horizontally compact).", get: { $0.isCollapsed }),
                .custom("style", type: #""doubleColumn"|"tripleColumn""#, "By whether a supplementary column was given.",
                        get: { split, state in state.push(split.style) }),
            ],
            methods: [
                .checked("viewControllerForColumn", "The navigation controller of a column.",
                         [.value("column", String.self, type: columns)], returns: "NavigationController?") { [weak registry] split, state in
                    let registry = try live(registry)
                    let name = try state.string(2)
                    guard let column = SplitViewController.Column(rawValue: name) else {
                        throw ScriptingError("unknown column '\(name)' (expected primary, supplementary or secondary)")
                    }
                    registry.push(split.navigationController(for: column))
                    return 1
                },
            ])
    }
}
