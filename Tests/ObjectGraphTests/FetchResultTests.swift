import Testing
@testable import ObjectGraph

/// fetchBatchSize, resultType and propertiesToFetch.
@Suite struct FetchResultTests {
    func makeSaved(_ count: Int) throws -> PersistentContainer {
        let container = PersistentContainer(model: try makeModel())
        for i in 1...count {
            _ = try container.viewContext.insertObject(entityName: "Customer",
                values: ["name": .string("C\(i)"), "age": .integer(Int64(i))])
        }
        try container.viewContext.save()
        return container
    }

    @Test("batch faulting: first batch loaded, a later object loads its whole batch only")
    func batchFaulting() throws {
        let container = try makeSaved(5)
        let bg = container.newBackgroundContext()
        try bg.performAndWait {
            var request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "age")])
            request.fetchBatchSize = 2
            let all = try bg.fetch(request)
            #expect(all.map(\.isFault) == [false, false, true, true, true])
            #expect(try all[3].value(forKey: "name") == .string("C4"))
            #expect(all.map(\.isFault) == [false, false, false, false, true])
        }
    }

    @Test("result types: IDs, count, dictionaries of saved values without nil keys")
    func resultTypes() throws {
        let container = try makeSaved(3)
        let view = container.viewContext
        var request = FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "age")])
        request.resultType = .managedObjectIDResultType
        guard case .objectIDs(let ids) = try view.execute(request) else { Issue.record("IDs expected"); return }
        #expect(ids.map(\.number) == [1, 2, 3])
        request.resultType = .countResultType
        guard case .count(let n) = try view.execute(request) else { Issue.record("count expected"); return }
        #expect(n == 3)
        let first = try view.fetch(FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "age")]))[0]
        try first.setValue(.string("changed"), forKey: "name")
        request.resultType = .dictionaryResultType
        request.propertiesToFetch = ["name", "age"]
        guard case .dictionaries(let rows) = try view.execute(request) else { Issue.record("dictionaries expected"); return }
        #expect(rows.count == 3)
        #expect(rows[0]["name"] == .string("C1"))
        #expect(rows[0]["age"] == .integer(1))
        request.propertiesToFetch = ["orders"]
        #expect(throws: ObjectGraphError.self) { try view.execute(request) }
    }
}
