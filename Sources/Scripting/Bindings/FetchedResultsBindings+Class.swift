import FetchedResults
import LuaBridge
import ObjectGraph

extension BridgeClasses {
    /// The class of fetched-results controllers, declared once: its metatable, argument checks, annotations
    /// and `:help` come from ``fetchedResultsControllerDeclaration(_:)``.
    static func makeFetchedResultsController(_ engine: ScriptEngine) -> LuaClass {
        fetchedResultsControllerDeclaration(CoreDataStackEngineReference(engine: engine)).makeClass { key, writing in
            undefinedKeyMessage(key, of: "FetchedResultsController", writing: writing)
        }
    }

    /// `ripple.fetchedResultsController { … }`'s objects (`NSFetchedResultsController`).
    static func fetchedResultsControllerDeclaration(_ owner: CoreDataStackEngineReference)
        -> LuaClassDeclaration<LuaFetchedResultsController> {
        typealias Wrapper = LuaFetchedResultsController
        /// A property that pushes a table (or nil) itself.
        func table(_ name: String, _ type: String, _ doc: String,
                   _ get: @escaping (Wrapper, ScriptEngine, LuaState) throws -> Void) -> LuaPropertyDeclaration<Wrapper> {
            .custom(name, type: type, doc, get: { wrapper, state in try get(wrapper, try owner.get(), state) })
        }
        return LuaClassDeclaration<Wrapper>(
            "FetchedResultsController", "A fetched results controller (`NSFetchedResultsController`).",
            properties: [
                table("fetchedObjects", "ManagedObject[]?", "The fetched objects in order, nil before `performFetch`.") { wrapper, engine, state in
                    engine.exploreWatch?.noteCounted(wrapper.controller, slot: "fetchedObjects")
                    wrapper.warnIfStale(engine)
                    if let objects = wrapper.controller.fetchedObjects { engine.push(objects) } else { state.pushNil() }
                },
                table("sections", "FetchedResultsSectionInfo[]?", "The sections, nil before `performFetch`.") { wrapper, engine, state in
                    engine.exploreWatch?.noteCounted(wrapper.controller, slot: "sections")
                    wrapper.warnIfStale(engine)
                    guard let sections = wrapper.controller.sections else { state.pushNil(); return }
                    state.newTable(arrayCount: Int32(sections.count), recordCount: 0)
                    for (i, s) in sections.enumerated() { engine.pushSection(s); state.rawSet(tableAt: -2, index: i + 1) }
                },
                table("sectionIndexTitles", "string[]", "The section index titles.") { wrapper, engine, _ in
                    engine.push(strings: try wrapper.controller.sectionIndexTitles)
                },
                .custom("delegate", type: "FetchedResultsControllerDelegate|ViewController|nil",
                        "A table (or a view controller) of optional callbacks.",
                        get: { wrapper, state in
                            if let d = wrapper.delegate { state.push(d.table) } else { state.pushNil() }
                        },
                        set: { wrapper, state, value in
                            let engine = try owner.get()
                            if state.type(at: value) == .nil {
                                wrapper.delegate = nil
                            } else {
                                guard state.type(at: value) == .table || state.type(at: value) == .userdata else {
                                    throw ScriptingError("delegate must be a table of functions (or an object), got \(state.typeName(at: value))")
                                }
                                try engine.checkMembers(ofObjectAt: value, playing: LuaProtocols.fetchedResultsControllerDelegate)
                                wrapper.delegate = LuaFetchedResultsDelegate(engine: engine, owner: wrapper, tableAt: value)
                            }
                            wrapper.controller.delegate = wrapper.delegate
                        }),
                .property("name", "The name in the trace.", get: { $0.controller.name }, set: { $0.controller.name = $1 }),
                .property("cacheName", "The cache name.", get: { $0.controller.cacheName }),
                .property("sectionNameKeyPath", "The section key path.", get: { $0.controller.sectionNameKeyPath }),
                .property("tracksRelationshipKeyPaths", "Re-sort and re-filter on changes of related objects.",
                          get: { $0.controller.tracksRelationshipKeyPaths }, set: { $0.controller.tracksRelationshipKeyPaths = $1 }),
                .property("checksInvariants", "Check invariants after every batch.",
                          get: { $0.controller.checksInvariants }, set: { $0.controller.checksInvariants = $1 }),
                .property("predicate", "The predicate's format; it takes effect at the next `performFetch`.",
                          get: { $0.controller.fetchRequest.predicate?.predicateFormat },
                          set: { (wrapper: Wrapper, format: String?) in
                              let c = wrapper.controller
                              let old = c.fetchRequest.predicate?.predicateFormat
                              c.fetchRequest.predicate = try format.map { try Predicate(format: $0) }
                              if c.fetchRequest.predicate?.predicateFormat != old, c.fetchedObjects != nil {
                                  wrapper.predicateChangedSinceFetch = true
                              }
                          }),
                .property("changeBatchCount", "How many batches of changes the controller has reported.",
                          get: { $0.controller.changeBatchCount }),
            ],
            methods: [
                .method("performFetch", "Runs the fetch and builds the sections.") { wrapper in
                    try wrapper.controller.performFetch()
                    wrapper.predicateChangedSinceFetch = false
                },
                .checked("objectAtIndexPath", "The object at an index path.",
                         [.object("indexPath", "IndexPath", as: IndexPathBox.self)], returns: "ManagedObject") { wrapper, state in
                    let engine = try owner.get()
                    wrapper.warnIfStale(engine)
                    let object = try wrapper.controller.object(at: try engine.checkIndexPath(state, 2))
                    engine.exploreWatch?.note(wrapper.controller, object)
                    engine.exploreWatch?.noteCounted(wrapper.controller, slot: "objectAtIndexPath")
                    engine.push(object)
                    return 1
                },
                .checked("indexPathForObject", "The index path of an object, or nil.",
                         [managedObjectParameter("object")], returns: "IndexPath?") { wrapper, state in
                    let engine = try owner.get()
                    engine.push(indexPath: wrapper.controller.indexPath(forObject: try engine.checkObject(state, 2, "indexPathForObject")))
                    return 1
                },
                .method("sectionForSectionIndexTitle", "The section for an index title (`section(forSectionIndexTitle:at:)`).",
                        "title", "index") { (wrapper: Wrapper, title: String, index: Int) -> Int in
                    try wrapper.controller.section(forSectionIndexTitle: title, at: index)
                },
            ],
            describe: { "FetchedResultsController(\($0.controller.name))" })
    }
}
