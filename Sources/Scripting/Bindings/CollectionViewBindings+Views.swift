import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

extension CollectionViewClasses {
    /// The properties of views; the first four slots are handled by the class itself.
    static let viewProperties = ["name", "dataSource", "batchUpdateCount", "isUpdating", "visibleRows",
                                 "visibleItems", "isLoaded", "firstVisibleItem"] + selectionProperties

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
            throw LuaArgumentError(argument: index, message: "function or table expected, got \(state.typeName(at: index))")
        }
    }

    /// The view methods of cells and the visible window.
    func addViewMethods(_ methods: inout [String: LuaState.Body]) {
        methods["registerClass"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            view.register(className: try state.optionalString(2), forCellWithReuseIdentifier: try state.string(3),
                          prepareForReuse: try self.prepareForReuse(state, at: 4))
            return 0
        }
        methods["register"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            let identifier = try state.string(2)
            view.register(className: identifier, forCellWithReuseIdentifier: identifier,
                          prepareForReuse: try self.prepareForReuse(state, at: 3))
            return 0
        }
        methods["dequeueReusableCell"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            let cell = try view.dequeueReusableCell(withReuseIdentifier: try state.string(2),
                                                    for: try self.engine.checkIndexPath(state, 3))
            state.push(object: cell, class: self.reusableView)
            return 1
        }
        methods["registerClassForSupplementaryViewOfKind"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            view.register(className: try state.optionalString(2), forSupplementaryViewOfKind: try state.string(3),
                          withReuseIdentifier: try state.string(4))
            return 0
        }
        methods["dequeueReusableSupplementaryView"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            let supplementary = try view.dequeueReusableSupplementaryView(
                ofKind: try state.string(2), withReuseIdentifier: try state.string(3),
                for: try self.engine.checkIndexPath(state, 4))
            state.push(object: supplementary, class: self.reusableView)
            return 1
        }
        methods["numberOfReusableCells"] = { [unowned self] state in
            state.push(try self.checkView(state, 1).numberOfReusableCells(withReuseIdentifier: try state.string(2)))
            return 1
        }
        let scroll: LuaState.Body = { [unowned self] state in
            try self.checkView(state, 1).scrollToItem(at: try self.engine.checkIndexPath(state, 2))
            return 0
        }
        methods["scrollToRowAtIndexPath"] = scroll
        methods["scrollToItemAtIndexPath"] = scroll
        let visible: LuaState.Body = { [unowned self] state in
            let paths = try self.checkView(state, 1).indexPathsForVisibleItems()
            state.newTable(arrayCount: Int32(paths.count), recordCount: 0)
            for (i, p) in paths.enumerated() {
                self.engine.push(indexPath: p)
                state.rawSet(tableAt: -2, index: i + 1)
            }
            return 1
        }
        methods["indexPathsForVisibleRows"] = visible
        methods["indexPathsForVisibleItems"] = visible
        methods["sectionIndexTitles"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            if let source = view.dataSource as? LuaCollectionViewDataSource, let titles = try source.sectionIndexTitles(view) {
                self.engine.push(strings: titles)
            } else {
                state.pushNil()
            }
            return 1
        }
    }

    /// `ripple.uikit`: `ripple.uikit.profile = "ios17" | "ios16.4" | "ios15" | "ios9"`.
    func installUIKit(into module: Int32) {
        let state = engine.state
        let uikit = LuaClass(
            name: "UIKit",
            properties: ["profile", "profiles"],
            getter: { [unowned self] _, slot, state in
                if slot == 0 { state.push(self.engine.platform.profile.rawValue) } else {
                    self.engine.push(strings: PlatformProfile.allCases.map(\.rawValue))
                }
            },
            setter: { [unowned self] _, slot, state, value in
                guard slot == 0 else { throw ScriptingError("profiles is read-only") }
                let name = try state.string(value)
                guard let profile = PlatformProfile(rawValue: name) else {
                    throw ScriptingError("unknown profile '\(name)' (known profiles: " + PlatformProfile.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                self.engine.platform.profile = profile
                self.engine.log.record("[uikit] profile = \(name)")
            },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "UIKit")) },
            tostring: { [unowned self] _ in "UIKit(profile = \(self.engine.platform.profile.rawValue))" }
        )
        state.push(object: uikitSettings, class: uikit)
        state.rawSet(tableAt: module, key: "uikit")
    }
}
