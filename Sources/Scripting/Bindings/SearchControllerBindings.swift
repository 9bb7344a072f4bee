import LuaBridge
import ViewControllers

/// `ripple.searchController { searchResultsUpdater = … }`, `vc.navigationItem.searchController`, and the
/// gestures `ripple.user.search(searchController, text)` and `ripple.user.cancelSearch(searchController)`
/// (docs/user-actions.md, "Searching").
///
/// ```lua
/// local search = ripple.searchController { searchResultsUpdater = list }
/// list.navigationItem.searchController = search
/// ripple.user.search(search, "An")
/// ```
extension ScriptEngine {
    /// Registers `ripple.searchController` and adds `search` and `cancelSearch` to `ripple.user`.
    func installSearchControllers(into module: Int32, registry: ScriptedControllers) {
        let module = state.absoluteIndex(module)
        state.register(in: module, name: "searchController") { [unowned self] state in
            let search = ScriptedSearchController(registry: registry)
            if !state.isNoneOrNil(1) {
                guard state.type(at: 1) == .table else { throw state.typeError(1, expected: "table") }
                try self.checkOptionKeys(ofTableAt: 1, known: ["searchResultsUpdater", "name"], what: "the options of ripple.searchController")
                if state.rawGet(tableAt: 1, key: "name") != .nil {
                    defer { state.pop() }
                    search.name = try state.string(state.top)
                } else {
                    state.pop()
                }
                state.rawGet(tableAt: 1, key: "searchResultsUpdater")
                defer { state.pop() }
                try search.setUpdater(valueIndex: state.top)
            }
            state.push(object: search, class: registry.searchControllerClass)
            return 1
        }
        guard state.rawGet(tableAt: module, key: "user") == .table else { state.pop(); return }
        let user = state.top
        defer { state.pop() }
        state.register(in: user, name: "search") { state in
            guard let search = state.object(at: 1, as: SearchController.self) else { throw state.typeError(1, expected: "SearchController") }
            let text = try state.string(2)
            try ScriptedControllers.checkNoBatchOpen("a user gesture")
            try registry.perform { try search.userSearch(text) }
            return 0
        }
        state.register(in: user, name: "cancelSearch") { state in
            guard let search = state.object(at: 1, as: SearchController.self) else { throw state.typeError(1, expected: "SearchController") }
            try ScriptedControllers.checkNoBatchOpen("a user gesture")
            try registry.perform { try search.userCancelSearch() }
            return 0
        }
    }
}

/// A search controller made by a script: it keeps its Lua updater (a table of functions or an object, often
/// the view controller that shows the results). Known limit: an updater that is the controller whose
/// navigation item holds the search controller keeps both alive until the engine closes.
final class ScriptedSearchController: SearchController, SearchResultsUpdating {
    weak var registry: ScriptedControllers?
    /// The Lua updater (strong: the Swift `searchResultsUpdater` is weak, as in UIKit).
    var updater: LuaRef?

    init(registry: ScriptedControllers) {
        self.registry = registry
        super.init(name: "SearchController")
    }

    /// Sets (nil clears) the Lua updater from the value at `valueIndex`, checked against `UISearchResultsUpdating`.
    func setUpdater(valueIndex: Int32) throws {
        guard let registry, let engine = registry.engine else { return }
        let state = engine.state
        if state.type(at: valueIndex) == .nil {
            updater = nil
            searchResultsUpdater = nil
            return
        }
        guard state.type(at: valueIndex) == .table || state.type(at: valueIndex) == .userdata else {
            throw ScriptingError("searchResultsUpdater must be a table of functions (or an object), got \(state.typeName(at: valueIndex))")
        }
        try engine.checkMembers(ofObjectAt: valueIndex, playing: LuaProtocols.searchResultsUpdating)
        let name = "updateSearchResultsForSearchController"
        let pushed: Int32?
        do { pushed = try LuaMethodLookup.push(name, of: valueIndex, in: state, owner: "the searchResultsUpdater") } catch {
            throw ScriptingError(error.message)
        }
        guard let pushed else {
            throw ScriptingError("the searchResultsUpdater does not implement \(name), which UISearchResultsUpdating requires")
        }
        state.pop(pushed)
        state.pushValue(at: valueIndex)
        updater = state.ref()
        searchResultsUpdater = self
    }

    func updateSearchResults(for searchController: SearchController) throws {
        guard let registry, let updater else { return }
        let state = registry.state
        let top = state.top
        defer { state.setTop(top) }
        state.push(updater)
        let name = "updateSearchResultsForSearchController"
        let pushed: Int32?
        do { pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: "the searchResultsUpdater of <\(self.name)>") } catch {
            throw ScriptingError(error.message)
        }
        guard let pushed else {
            throw ScriptingError("the searchResultsUpdater of <\(self.name)> does not implement \(name)")
        }
        state.push(object: self, class: registry.searchControllerClass)
        do { try state.pcall(arguments: pushed, results: 0) } catch { throw ScriptingError(error.message) }
    }

    /// The Lua class, declared once.
    static let declaration = LuaClassDeclaration<ScriptedSearchController>(
        "SearchController",
        "A search controller (`UISearchController`) made by `ripple.searchController`; show it with `vc.navigationItem.searchController`.",
        properties: [
            .property("name", "Names it in the trace and in messages (read/write).", get: { $0.name }, set: { $0.name = $1 }),
            .property("isActive", "True while the search is active (the user searched and has not cancelled).", get: { $0.isActive }),
            .custom("searchBar", type: "SearchBar", "The search bar; its `text` is the search.", get: { search, state in
                guard let registry = search.registry else { state.pushNil(); return }
                state.push(object: search.searchBar, class: registry.searchBarClass)
            }),
            .custom("searchResultsUpdater", type: "SearchResultsUpdating?", """
                Told of every change of the search: `updateSearchResultsForSearchController(searchController)` (read/write).
                """, get: { search, state in
                    if let updater = search.updater { state.push(updater) } else { state.pushNil() }
                }, set: { search, _, index in try search.setUpdater(valueIndex: index) }),
        ],
        describe: { "SearchController(\($0.name))" })
}

extension LuaNavigationItem {
    /// `vc.navigationItem`'s class, declared once.
    static let declaration = LuaClassDeclaration<LuaNavigationItem>(
        "NavigationItem",
        "What a controller shows in its navigation bar (`UINavigationItem`), `vc.navigationItem`: its search controller.",
        properties: [
            .custom("searchController", type: "SearchController?", """
                The search controller whose search bar the navigation bar shows (read/write; one navigation item at a time).
                """, get: { box, state in
                    guard let registry = box.registry, let search = box.owner.navigationItem.searchController else { state.pushNil(); return }
                    state.push(object: search, class: registry.searchControllerClass)
                }, set: { box, state, index in
                    if state.type(at: index) == .nil {
                        box.owner.navigationItem.searchController = nil
                        return
                    }
                    guard let search = state.object(at: index, as: SearchController.self) else {
                        throw ScriptingError("searchController must be a SearchController (ripple.searchController), got \(state.typeName(at: index))")
                    }
                    box.owner.navigationItem.searchController = search
                }),
        ],
        describe: { "NavigationItem(\($0.owner.displayName))" })
}

/// What `vc.navigationItem` is in Lua.
final class LuaNavigationItem {
    weak var registry: ScriptedControllers?
    let owner: ViewController

    init(registry: ScriptedControllers, owner: ViewController) {
        self.registry = registry
        self.owner = owner
    }
}

extension ScriptedSearchController {
    /// `sc.searchBar`'s class, declared once.
    static let searchBarDeclaration = LuaClassDeclaration<SearchBar>(
        "SearchBar",
        "The search bar of a search controller (`UISearchBar`).",
        properties: [
            .property("text", "The text in the bar (read/write; setting it from code does not tell the updater, as in UIKit).",
                      get: { $0.text }, set: { $0.text = $1 }),
        ],
        describe: { "SearchBar(\"\($0.text)\")" })
}
