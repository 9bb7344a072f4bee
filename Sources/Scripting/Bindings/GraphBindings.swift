import LuaBridge
import ObjectGraph
import ViewControllers

/// A window made by a script, held weakly (a picture must not keep a window's controllers alive).
struct WeakWindow {
    weak var window: Window?
}

extension ScriptEngine {
    /// Every model the scripts made, in order (`ripple graph FILE.lua` draws them).
    public var createdModels: [ManagedObjectModel] { models }

    /// Every window the scripts made that still exists, in order (`ripple graph FILE.lua` draws them).
    public var createdWindows: [Window] { windows.compactMap(\.window) }

    /// Registers `ripple.graph(modelOrWindow, { format = "dot" | "mermaid" })` in the module table at
    /// `module`: the picture of a model or of a window's screens as text (see ``GraphWriter``).
    func installGraph(into module: Int32) {
        state.register(in: module, name: "graph") { [unowned self] state in
            var format = GraphFormat.dot
            if state.type(at: 2) == .table {
                for key in try self.stringKeys(ofTableAt: 2, what: "option") {
                    guard key == "format" else {
                        throw ScriptingError("unknown option '\(key)' for ripple.graph (expected format)")
                    }
                    state.rawGet(tableAt: 2, key: key)
                    defer { state.pop() }
                    let name = state.type(at: -1) == .string ? state.toString(at: -1) ?? "" : state.typeName(at: -1)
                    guard let value = GraphFormat(rawValue: name) else {
                        let known = GraphFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                        throw ScriptingError("unknown graph format '\(name)' (expected \(known))")
                    }
                    format = value
                }
            } else if !state.isNoneOrNil(2) {
                throw state.typeError(2, expected: "table")
            }
            let text: String
            if let model = state.object(at: 1, as: ManagedObjectModel.self) {
                text = GraphWriter.model(model, format: format)
            } else if let window = state.object(at: 1, as: Window.self) {
                text = GraphWriter.screens(window, format: format)
            } else {
                throw state.typeError(1, expected: "ManagedObjectModel or Window")
            }
            try WorkBudget.charge(text.utf8.count * WorkBudget.unitsPerTextByte)
            state.push(text)
            return 1
        }
    }
}
