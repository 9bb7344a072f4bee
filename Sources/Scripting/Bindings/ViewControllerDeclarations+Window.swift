import LuaBridge
import ObjectGraph
import ViewControllers

extension ViewControllerDeclarations {
    /// `Window`, made by `ripple.window()`.
    static func window(_ registry: ScriptedControllers?) -> LuaClassDeclaration<Window> {
        let sizeClasses = UserInterfaceSizeClass.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: "|")
        return LuaClassDeclaration<Window>(
            "Window", "A window (`UIWindow`).",
            properties: [
                .custom("rootViewController", type: "ViewController?", "The root; setting it shows the new root.",
                        get: { [weak registry] window, _ in registry?.push(window.rootViewController) },
                        set: { [weak registry] window, state, index in
                            let registry = try live(registry)
                            let root = try controllerValue(state, index, property: "rootViewController")
                            try registry.perform { window.rootViewController = root }
                        }),
                .custom("visibleViewControllers", type: "ViewController[]", "The controllers on screen.",
                        get: { [weak registry] window, _ in registry?.push(window.visibleViewControllers) }),
                .custom("eventLog", type: "string[]", "Transitions, lifecycle callbacks and warnings, in order.",
                        get: { [weak registry] window, state in
                            guard let engine = registry?.engine else { state.pushNil(); return }
                            engine.push(strings: window.eventLog)
                        }),
                .custom("warnings", type: "string[]", "UIKit's warnings.",
                        get: { [weak registry] window, state in
                            guard let engine = registry?.engine else { state.pushNil(); return }
                            engine.push(strings: window.warnings)
                        }),
                .custom("horizontalSizeClass", type: sizeClasses,
                        "The width trait, `\"regular\"` by default; a change adapts popovers (full screen in compact).",
                        get: { window, state in state.push(window.horizontalSizeClass.rawValue) },
                        set: { [weak registry] window, state, index in
                            guard let name = String(lua: state, at: index) else {
                                throw LuaError(.runtime, "bad value for property 'horizontalSizeClass' (\(String.argumentMessage(state, at: index)))")
                            }
                            guard let sizeClass = UserInterfaceSizeClass(rawValue: name) else {
                                throw ScriptingError("unknown horizontalSizeClass '\(name)' (expected compact or regular)")
                            }
                            try live(registry).perform { window.horizontalSizeClass = sizeClass }
                        }),
            ],
            methods: [
                .method("describe", "The hierarchy as an indented tree.") { (window: Window) -> String in
                    let text = window.describe()
                    try WorkBudget.charge(text.utf8.count * WorkBudget.unitsPerTextByte)
                    return text
                },
                .method("clearEventLog", "Empties the window's event log.") { $0.clearEventLog() },
            ],
            describe: { _ in "Window" })
    }

    /// `ripple.ViewController`: class-wide settings, per engine.
    static let classObjectDeclaration = LuaClassDeclaration<ScriptedControllers.ClassObject>(
        "ViewControllerClass", "`ripple.ViewController`: class-wide settings, per engine.",
        properties: [
            .property("dvc_defaultAutoDismiss", "The default of `dvc_autoDismiss`, true by default.",
                      get: { $0.registry?.defaultAutoDismiss ?? true },
                      set: { $0.registry?.defaultAutoDismiss = $1 }),
        ],
        describe: { _ in "ViewController" })
}
