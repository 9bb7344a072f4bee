import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

extension CollectionViewClasses {
    func checkStatic(_ source: CollectionViewDataSourceBase, _ method: String) throws -> StaticCollectionViewDataSource {
        guard let source = source as? StaticCollectionViewDataSource else {
            throw ScriptingError("\(method) needs a static data source")
        }
        return source
    }

    func checkFetched(_ source: CollectionViewDataSourceBase, _ method: String) throws -> FetchedCollectionViewDataSource {
        guard let source = source as? FetchedCollectionViewDataSource else {
            throw ScriptingError("\(method) needs a fetched data source")
        }
        return source
    }

    /// A static item from Lua: a managed object, a scalar as a `Value`, anything else as a reference.
    func item(at index: Int32) -> Any {
        let state = engine.state
        switch state.type(at: index) {
        case .boolean, .number, .string, .nil, .none:
            return (try? engine.value(at: index)) ?? Value.null
        default:
            if let object = state.object(at: index, as: ManagedObject.self) { return object }
            state.pushValue(at: index)
            return state.ref()
        }
    }

    /// Pushes an item (or nil).
    func push(item: Any?) {
        switch item {
        case let object as ManagedObject: engine.push(object)
        case let value as Value: engine.push(value)
        case let ref as LuaRef: engine.state.push(ref)
        default: engine.state.pushNil()
        }
    }

    /// Pushes a data source as its userdata.
    func push(dataSource: CollectionViewDataSourceBase) {
        engine.state.push(object: dataSource, class: self.dataSource)
    }

    /// A prepare block calling a Lua function with `(view, indexPath, dataSource)`.
    func prepareBlock(_ function: LuaRef) -> PrepareBlock {
        { [unowned self] view, indexPath, source in
            let state = self.engine.state
            state.push(function)
            state.push(object: view, class: self.reusableView)
            self.engine.push(indexPath: indexPath)
            self.push(dataSource: source)
            try state.pcall(arguments: 3, results: 0)
        }
    }

    /// `registerClass(class, prepare)`, `registerClass(class, reuseIdentifier, prepare)` or
    /// `registerClass(class, reuseIdentifier, predicate, prepare)`; a nil class removes the identifier.
    func register(_ source: CollectionViewDataSourceBase, _ state: LuaState, isNib: Bool) throws -> Int32 {
        let className = try state.optionalString(2)
        if state.type(at: 3) == .function || (className == nil && state.isNoneOrNil(3)) {
            guard let className else {
                source.unregister(reuseIdentifier: CollectionViewDataSourceBase.defaultReuseIdentifier)
                return 0
            }
            source.register(className: className, isNib: isNib, prepare: prepareBlock(try state.function(3)))
            return 0
        }
        let identifier = try state.string(3)
        guard let className else {
            source.unregister(reuseIdentifier: identifier)
            return 0
        }
        let predicateIndex: Int32?, prepareIndex: Int32
        if state.type(at: 4) == .function && state.isNoneOrNil(5) {
            predicateIndex = nil
            prepareIndex = 4
        } else {
            predicateIndex = state.isNoneOrNil(4) ? nil : 4
            prepareIndex = 5
        }
        var predicate: ItemPredicate?
        if let predicateIndex {
            switch state.type(at: predicateIndex) {
            case .string: predicate = .predicate(try Predicate(format: try state.string(predicateIndex)))
            case .function:
                let function = try state.function(predicateIndex)
                predicate = .block { [unowned self] item, indexPath in
                    state.push(function)
                    self.push(item: item)
                    self.engine.push(indexPath: indexPath)
                    try state.pcall(arguments: 2, results: 1)
                    defer { state.pop() }
                    return state.toBoolean(at: -1)
                }
            default:
                throw state.typeError(predicateIndex, expected: "predicate (string or function)")
            }
        }
        source.register(className: className, isNib: isNib, reuseIdentifier: identifier, predicate: predicate,
                        prepare: prepareBlock(try state.function(prepareIndex)))
        return 0
    }

    /// `registerClassForSupplementaryViewOfKind(class, kind, prepare?)`.
    func registerSupplementary(_ source: CollectionViewDataSourceBase, _ state: LuaState, isNib: Bool) throws -> Int32 {
        let className = try state.optionalString(2)
        let kind = try state.string(3)
        let prepare = state.isNoneOrNil(4) ? nil : prepareBlock(try state.function(4))
        source.register(className: className, isNib: isNib, forSupplementaryViewOfKind: kind, prepare: prepare)
        return 0
    }

    /// `reloadWithSections({ {item, …}, … }, { sectionItem, … })`.
    func reloadWithSections(_ source: CollectionViewDataSourceBase, _ state: LuaState) throws -> Int32 {
        let source = try checkStatic(source, "reloadWithSections")
        var sections: [[Any]]?
        if !state.isNoneOrNil(2) {
            try state.table(2)
            var result: [[Any]] = []
            for s in 0..<state.rawLength(at: 2) {
                state.rawGet(tableAt: 2, index: s + 1)
                defer { state.pop() }
                guard state.type(at: -1) == .table else {
                    throw ScriptingError("section \(s + 1) must be a table of items, got \(state.typeName(at: -1))")
                }
                let table = state.absoluteIndex(-1)
                var items: [Any] = []
                for i in 0..<state.rawLength(at: table) {
                    state.rawGet(tableAt: table, index: i + 1)
                    items.append(item(at: -1))
                    state.pop()
                }
                result.append(items)
            }
            sections = result
        }
        var sectionItems: [Any]?
        if !state.isNoneOrNil(3) {
            try state.table(3)
            var result: [Any] = []
            for i in 0..<state.rawLength(at: 3) {
                state.rawGet(tableAt: 3, index: i + 1)
                result.append(item(at: -1))
                state.pop()
            }
            sectionItems = result
        }
        try source.reload(sections: sections, sectionItems: sectionItems)
        return 0
    }

    /// `reloadWithFetchRequest(request, { sectionKeyPath = … } | { sectionAttribute = … } |
    /// { sectionRelationship = … } | "keyPath")`.
    func reloadWithFetchRequest(_ source: CollectionViewDataSourceBase, _ state: LuaState) throws -> Int32 {
        let source = try checkFetched(source, "reloadWithFetchRequest")
        let request = state.isNoneOrNil(2) ? nil : try FetchRequestReader(engine: engine).read(at: 2)
        var behavior: FetchedSectionBehavior?
        switch state.type(at: 3) {
        case .none, .nil: break
        case .string: behavior = .keyPath(try state.string(3))
        case .table:
            for (key, make) in [("sectionKeyPath", FetchedSectionBehavior.keyPath),
                                ("sectionAttribute", FetchedSectionBehavior.attribute),
                                ("sectionRelationship", FetchedSectionBehavior.relationship)] {
                let type = state.rawGet(tableAt: 3, key: key)
                defer { state.pop() }
                if type == .nil { continue }
                guard type == .string, let name = state.toString(at: -1) else {
                    throw ScriptingError("\(key) must be a string, got \(state.typeName(at: -1))")
                }
                if behavior != nil {
                    throw ScriptingError("give one of sectionKeyPath, sectionAttribute and sectionRelationship")
                }
                behavior = make(name)
            }
        default:
            throw state.typeError(3, expected: "table")
        }
        try source.reload(with: request, sectionBehavior: behavior)
        return 0
    }

    /// Whether a stored static item is the Lua value at `index` (raw equality; objects by identity).
    func isSame(_ candidate: Any, _ probe: Any, at index: Int32) -> Bool {
        switch (candidate, probe) {
        case (let a as ManagedObject, let b as ManagedObject): return a === b
        case (let a as Value, let b as Value): return a == b
        case (let a as LuaRef, _):
            let state = engine.state
            state.push(a)
            defer { state.pop() }
            return state.rawEqual(-1, index)
        default: return false
        }
    }
}
