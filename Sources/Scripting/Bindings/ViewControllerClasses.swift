import LuaBridge
import ObjectGraph
import ViewControllers

/// The four Lua classes of controllers (declared in ``ViewControllerDeclarations``).
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
}
