import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

extension CollectionViewClasses {
    /// `ripple.tableView([options])` / `ripple.collectionView([options])`: options `name`, `dataSource`,
    /// `visibleRows` (`visibleItems`); any other key is an error.
    func makeView(_ state: LuaState, _ view: CollectionView, function: String) throws -> Int32 {
        view.onEvent = { [unowned self] event in self.engine.log.record(TraceEvent(.view(event))) }
        view.platform = engine.platform
        engine.report?.adopt(view)
        engine.exploreWatch?.watch(view)
        view.reloadsAfterFailedBatch = true   // a script's later batches start from a consistent view
        let windowKey = view is TableView ? "visibleRows" : "visibleItems"
        let known = ["dataSource", "name", windowKey]
        if !state.isNoneOrNil(1) {
            try state.table(1)
            try state.forEachPair(inTableAt: 1) { key, _ in
                guard state.type(at: key) == .string, let name = state.toString(at: key), known.contains(name) else {
                    let name = state.type(at: key) == .string ? "'\(state.toString(at: key) ?? "")'" : "of type \(state.typeName(at: key))"
                    throw ScriptingError("ripple.\(function): unknown option \(name) (known options: \(known.joined(separator: ", ")))")
                }
            }
            if state.rawGet(tableAt: 1, key: "name") != .nil { view.name = try state.string(-1) }
            state.pop()
            if state.rawGet(tableAt: 1, key: windowKey) != .nil { try setViewProperty(view, windowKey, state.top) }
            state.pop()
            if state.rawGet(tableAt: 1, key: "dataSource") != .nil { try setDataSource(view, state.top) }
            state.pop()
        }
        state.push(object: view, class: self.view)
        return 1
    }

    func push(view: CollectionView) { engine.state.push(object: view, class: self.view) }

    /// Pushes a view's data source: the Lua object, the data source userdata, or nil.
    func pushDataSource(of view: CollectionView) {
        let state = engine.state
        switch view.dataSource {
        case let source as LuaCollectionViewDataSource: state.push(source.object)
        case let source as CollectionViewDataSourceBase: state.push(object: source, class: self.dataSource)
        case let source as DiffableDataSource: state.push(object: source, class: self.diffableDataSource)
        default: state.pushNil()
        }
    }

    /// `view.dataSource = value`: nil, a Lua object implementing the protocol, or one of Ripple's data
    /// sources already attached to this view.
    func setDataSource(_ view: CollectionView, _ value: Int32) throws {
        let state = engine.state
        if view.isAskingDataSource {
            throw ScriptingError("attempted to set the dataSource of the \(view is TableView ? "table" : "collection") view while it was asking its data source for its content, which is not allowed")
        }
        let isTable = view is TableView
        switch state.type(at: value) {
        case .nil, .none:
            view.dataSource = nil
        case .table, .userdata:
            if let source = state.object(at: value, as: CollectionViewDataSourceBase.self) {
                guard source.collectionView === view else {
                    throw ScriptingError("this data source belongs to another view")
                }
                view.dataSource = source
                return
            }
            if let source = state.object(at: value, as: DiffableDataSource.self) {
                guard source.collectionView === view else {
                    throw ScriptingError("this data source belongs to another view")
                }
                view.dataSource = source
                return
            }
            try engine.checkMembers(ofObjectAt: value, playing: isTable ? LuaProtocols.tableViewDataSource : LuaProtocols.collectionViewDataSource)
            state.pushValue(at: value)
            let source = LuaCollectionViewDataSource(classes: self, object: state.ref(), isTable: isTable)
            try source.checkRequiredMethods()
            view.dataSource = source
        default:
            throw ScriptingError("dataSource must be a table (or object) with \(isTable ? "numberOfRowsInSection and cellForRowAtIndexPath" : "numberOfItemsInSection and cellForItemAtIndexPath"), got \(state.typeName(at: value))")
        }
    }

    func getViewProperty(_ view: CollectionView, _ name: String) throws {
        let state = engine.state
        if getSelectionProperty(view, name) { return }
        switch name {
        case "visibleRows", "visibleItems":
            if let count = view.visibleItemCount { state.push(count) } else { state.pushNil() }
        case "isLoaded": state.push(view.isLoaded)
        default: state.push(view.firstVisibleItem)
        }
    }

    func setViewProperty(_ view: CollectionView, _ name: String, _ value: Int32) throws {
        let state = engine.state
        if try setSelectionProperty(view, name, value) { return }
        switch name {
        case "name": view.name = try state.string(value)
        case "dataSource": try setDataSource(view, value)
        case "visibleRows", "visibleItems":
            if state.isNoneOrNil(value) { try view.setVisibleItemCount(nil); return }
            guard state.isInteger(at: value), let n = state.toInteger(at: value) else {
                throw ScriptingError("\(name) must be an integer or nil, got \(state.typeName(at: value))")
            }
            try view.setVisibleItemCount(Int(n))
        default: throw ScriptingError("\(name) is read-only")
        }
    }

    /// A `prepareForReuse` calling a Lua function with the cell.
    func prepareForReuse(_ function: LuaRef) -> CollectionView.PrepareForReuse {
        { [unowned self] cell in
            let state = self.engine.state
            state.push(function)
            state.push(object: cell, class: self.reusableView)
            do { try state.pcall(arguments: 1, results: 0) } catch {
                throw ScriptingError("prepareForReuse failed: \((error as? LuaError)?.message ?? "\(error)")")
            }
        }
    }

    /// The `prepareForReuse` of a registration: a function, or `{ prepareForReuse = function(cell) … end }`.
    func prepareForReuse(_ state: LuaState, at index: Int32) throws -> CollectionView.PrepareForReuse? {
        switch state.type(at: index) {
        case .none, .nil: return nil
        case .function: return prepareForReuse(try state.function(index))
        case .table:
            var result: CollectionView.PrepareForReuse?
            try state.forEachPair(inTableAt: index) { key, value in
                guard state.type(at: key) == .string, state.toString(at: key) == "prepareForReuse" else {
                    throw ScriptingError("unknown registration option \(state.type(at: key) == .string ? "'\(state.toString(at: key) ?? "")'" : state.typeName(at: key)) (known options: prepareForReuse)")
                }
                result = self.prepareForReuse(try state.function(value))
            }
            return result
        default:
            throw state.typeError(index, expected: "function or table")
        }
    }

    /// `ripple.uikit`: `ripple.uikit.profile = "ios17" | "ios16.4" | "ios15" | "ios9"`.
    func installUIKit(into module: Int32) {
        let state = engine.state
        let uikit = Self.uikitDeclaration(CollectionViewClassesReference(classes: self)).makeClass { key, writing in
            writing ? nil : undefinedKeyMessage(key, of: "UIKit")
        }
        state.push(object: uikitSettings, class: uikit)
        state.rawSet(tableAt: module, key: "uikit")
    }

    /// `ripple.uikit`'s object: the profile of the engine's platform.
    static func uikitDeclaration(_ owner: CollectionViewClassesReference) -> LuaClassDeclaration<UIKitSettingsObject> {
        let names = PlatformProfile.allCases.map(\.rawValue)
        return LuaClassDeclaration<UIKitSettingsObject>(
            "UIKit", "`ripple.uikit`: the UIKit version whose behaviour the views and fetched results controllers follow.",
            properties: [
                .custom("profile", type: names.map { "\"\($0)\"" }.joined(separator: "|"),
                        "The current profile (`\"ios16.4\"` by default).",
                        get: { _, state in state.push(try owner.get().engine.platform.profile.rawValue) },
                        set: { _, state, value in
                            let engine = try owner.get().engine
                            guard let name = String(lua: state, at: value) else {
                                throw LuaError(.runtime, "bad value for property 'profile' (\(String.argumentMessage(state, at: value)))")
                            }
                            guard let profile = PlatformProfile(rawValue: name) else {
                                throw ScriptingError("unknown profile '\(name)' (known profiles: " + names.joined(separator: ", ") + ")")
                            }
                            engine.platform.profile = profile
                            engine.log.record(TraceNote(source: "uikit", kind: "profile", "= \(name)"))
                        }),
                .custom("profiles", type: "string[]", "Every known profile.",
                        get: { _, _ in try owner.get().engine.push(strings: names) }),
            ],
            describe: { _ in (try? owner.get().engine.platform.profile.rawValue).map { "UIKit(profile = \($0))" } ?? "UIKit" })
    }
}
