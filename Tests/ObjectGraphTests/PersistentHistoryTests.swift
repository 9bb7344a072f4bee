import Testing
@testable import ObjectGraph

/// Persistent history: transactions per save, fetch after a token, deletion, expiry.
@Suite struct PersistentHistoryTests {
    @Test("each save is a transaction with its author and changes; tokens order them; deletion expires old tokens")
    func transactions() throws {
        let store = PersistentStore()
        store.persistentHistoryTracking = true
        let container = PersistentContainer(model: try makeModel(), store: store)
        let view = container.viewContext
        view.transactionAuthor = "app"
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        let first = try #require(store.currentPersistentHistoryToken)
        try ann.setValue(.integer(3), forKey: "age")
        try view.save()
        try view.delete(ann)
        try view.save()
        let all = try view.execute(.fetchAfter(nil))
        #expect(all.map(\.token.value) == [1, 2, 3])
        #expect(all.map { $0.changes.map(\.changeType) } == [[.insert], [.update], [.delete]])
        #expect(all[1].changes[0].updatedProperties == ["age"])
        #expect(all.allSatisfy { $0.author == "app" && $0.contextName == "viewContext" })
        #expect(try view.execute(.fetchAfter(first)).count == 2)
        #expect(try view.execute(.deleteBefore(all[2].token)).count == 2)
        do {
            _ = try view.execute(.fetchAfter(first))
            Issue.record("expected 134301")
        } catch let error as ObjectGraphError {
            #expect(error.code == 134301)
        }
        let merged = all[2].objectIDNotification()
        #expect(merged.deleted == [ann.objectID])
    }
}
