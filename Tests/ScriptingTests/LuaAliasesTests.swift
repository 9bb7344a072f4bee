import Testing
@testable import Scripting

/// The alias table (``LuaAliases``): every alias is its method's function on a live object of its class.
@Suite struct LuaAliasesTests {
    /// A Lua expression making an object of each aliased class (`ctx`, `frc`, `tv` are set up first).
    static let makers: [String: String] = [
        "ManagedObjectContext": "ctx",
        "FetchedResultsController": "frc",
        "CollectionView": "tv",
        "BatchUpdate": "batch",
    ]

    @Test("every alias of the table is the same function as the method it stands for")
    func aliasesAreTheirMethods() throws {
        #expect(Set(LuaAliases.methods.keys) == Set(Self.makers.keys), "a class of LuaAliases has no maker here")
        let engine = try ScriptEngine()
        try engine.run("""
            ctx = ripple.container(ripple.model { C = { n = "integer" } }).viewContext
            frc = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "n" } }
            tv = ripple.tableView()
            tv.dataSource = { numberOfRowsInSection = function() return 0 end, cellForRowAtIndexPath = function() end }
            tv:reloadData()
            tv:performBatchUpdates(function(b) batch = b end)
            function same(object, alias, method)
              local a, m = object[alias], object[method]
              return type(m) == "function" and rawequal(a, m)
            end
            """)
        for (className, aliases) in LuaAliases.methods {
            for (alias, method) in aliases.sorted(by: { $0.key < $1.key }) {
                try engine.run("assert(same(\(Self.makers[className]!), '\(alias)', '\(method)'), '\(className).\(alias)')")
            }
        }
    }
}
