@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A fresh path under /tmp for one test (any earlier file and journal removed).
private func temporaryPath(_ name: String) -> String {
    let path = "/tmp/ripple-sqlite-tests-\(getpid())-\(name).sqlite"
    unlink(path)
    unlink(path + "-journal")
    return path
}

private func readBytes(_ path: String) -> [UInt8]? {
    guard let handle = fopen(path, "rb") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, handle)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return bytes
}

private func writeBytes(_ path: String, _ bytes: [UInt8]) {
    let handle = fopen(path, "wb")!
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, handle) }
    fclose(handle)
}

/// Every attribute type, plus a to-many relationship.
private func makeTypesModel() throws -> ManagedObjectModel {
    let sample = EntityDescription(name: "Sample", attributes: [
        AttributeDescription(name: "b", type: .boolean, isOptional: true),
        AttributeDescription(name: "bytes", type: .binary, isOptional: true),
        AttributeDescription(name: "d", type: .double, isOptional: true),
        AttributeDescription(name: "i", type: .integer, isOptional: true),
        AttributeDescription(name: "s", type: .string, isOptional: true),
        AttributeDescription(name: "t", type: .date, isOptional: true),
        AttributeDescription(name: "u", type: .uuid, isOptional: true),
        AttributeDescription(name: "scratch", type: .string, isOptional: true, isTransient: true),
    ])
    return try ManagedObjectModel(entities: [sample])
}

private func context(_ model: ManagedObjectModel, _ path: String) throws -> ManagedObjectContext {
    let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
    coordinator.addPersistentStore(try PersistentStore(sqlitePath: path, model: model))
    return ManagedObjectContext(coordinator: coordinator, name: "viewContext")
}

/// The store error a closure throws, or nil.
private func storeError(_ body: () throws -> Void) -> ObjectGraphError? {
    do { try body() } catch let error as ObjectGraphError { return error } catch { return nil }
    return nil
}

@Suite struct SQLiteStoreTests {
    @Test("save, close, reopen, fetch: objects, relationships and numbering come back")
    func saveCloseReopen() throws {
        let path = temporaryPath("reopen")
        let model = try makeModel()
        do {
            let ctx = try context(model, path)
            let ann = try ctx.insertObject(entityName: "Customer", values: [("name", .string("Ann")), ("age", .integer(40))])
            let order = try ctx.insertObject(entityName: "Order", values: [("total", .double(12.5))])
            try order.setValue(.object(ann), forKey: "customer")
            try ctx.insertObject(entityName: "Customer", values: [("name", .string("Bob"))])
            try ctx.save()
            try ctx.delete(try ctx.fetch(FetchRequest(entityName: "Customer", predicate: try Predicate(format: "name == 'Bob'", arguments: [])))[0])
            try ctx.save()
        }
        let again = try context(model, path)
        let customers = try again.fetch(FetchRequest(entityName: "Customer"))
        #expect(customers.map(\.displayName) == ["Customer#1"])
        #expect(try customers[0].value(forKey: "name") == .string("Ann"))
        #expect(try customers[0].value(forKey: "age") == .integer(40))
        let orders = try customers[0].value(forKey: "orders")
        guard case .collection(let members) = orders, let order = members.first?.objectValue else {
            Issue.record("orders did not come back: \(orders)")
            return
        }
        #expect(order.displayName == "Order#1")
        #expect(try order.value(forKey: "total") == .double(12.5))
        // Numbering continues after the entity's Z_MAX (Bob, #2, was deleted and saved: his number is not
        // given again, as in Core Data).
        #expect(try again.insertObject(entityName: "Customer", values: [("name", .string("Cy"))]).displayName == "Customer#3")
        #expect(try again.insertObject(entityName: "Order", values: [("total", .double(1))]).displayName == "Order#2")
    }

    @Test("every attribute type round-trips exactly")
    func attributeTypesRoundTrip() throws {
        let path = temporaryPath("types")
        let model = try makeTypesModel()
        let rows: [[(String, Value)]] = [
            [("b", .bool(true)), ("bytes", .data([0, 1, 2, 255])), ("d", .double(0.1)), ("i", .integer(Int64.max)),
             ("s", .string("héllo\u{0}wörld ✓")), ("t", .date(1_700_000_000.123456)),
             ("u", .uuid(UUIDBytes(string: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)), ("scratch", .string("gone"))],
            [("b", .bool(false)), ("bytes", .data([])), ("d", .double(-1e-300)), ("i", .integer(Int64.min)),
             ("s", .string("")), ("t", .date(-978_307_200.5)), ("u", .uuid(UUIDBytes(high: 0, low: 0)))],
            [("d", .double(.nan)), ("i", .integer(9_007_199_254_740_993)), ("t", .date(.infinity))],
            [("d", .double(Double.leastNonzeroMagnitude)), ("bytes", .data(Array(repeating: 7, count: 100_000))),
             ("t", .date(0))],
            [],
        ]
        do {
            let ctx = try context(model, path)
            for values in rows { try ctx.insertObject(entityName: "Sample", values: values) }
            try ctx.save()
        }
        let again = try context(model, path)
        let samples = try again.fetch(FetchRequest(entityName: "Sample"))
        #expect(samples.count == rows.count)
        for (object, values) in zip(samples, rows) {
            for attribute in model.entity(named: "Sample")!.attributes {
                let expected = attribute.isTransient ? Value.null : (values.first { $0.0 == attribute.name }?.1 ?? .null)
                let actual = try object.value(forKey: attribute.name)
                switch (expected, actual) {
                case (.double(let a), .double(let b)), (.date(let a), .date(let b)):
                    #expect(a.bitPattern == b.bitPattern, "\(object.displayName).\(attribute.name): \(a) vs \(b)")
                default:
                    #expect(expected == actual, "\(object.displayName).\(attribute.name)")
                }
            }
        }
    }

    @Test("a file that is not a store is refused, untouched")
    func notAStore() throws {
        let path = temporaryPath("text")
        let text = Array("name,age\nAnn,40\n".utf8)
        writeBytes(path, text)
        let error = storeError { _ = try PersistentStore(sqlitePath: path, model: try makeModel()) }
        #expect(error?.code == 259)
        #expect(error?.message == "The file “\(path)” couldn’t be opened because it isn’t in the correct format: it is not a persistent store (SQLite error 26: file is not a database).")
        #expect(readBytes(path) == text)
    }

    @Test("a corrupt store is refused, untouched")
    func corruptStore() throws {
        let path = temporaryPath("corrupt")
        let model = try makeModel()
        do {
            let ctx = try context(model, path)
            for i in 0..<2000 { try ctx.insertObject(entityName: "Customer", values: [("name", .string("C\(i % 1000)"))]) }
            try ctx.save()
        }
        var bytes = readBytes(path)!
        // Scribble over the second half of the file (the tables' b-tree pages), keep the header page.
        for k in stride(from: bytes.count / 2, to: bytes.count, by: 1) { bytes[k] = UInt8(truncatingIfNeeded: k &* 31) }
        writeBytes(path, bytes)
        let error = storeError { _ = try PersistentStore(sqlitePath: path, model: model) }
        #expect(error?.code == 259)
        #expect(error?.message.hasPrefix("The file “\(path)” couldn’t be opened because it isn’t in the correct format: the persistent store is corrupt") == true,
                "\(String(describing: error))")
        #expect(readBytes(path) == bytes)
    }

    @Test("a store made with another model is refused with 134100, untouched")
    func incompatibleModel() throws {
        let path = temporaryPath("model")
        do {
            let ctx = try context(try makeModel(), path)
            try ctx.insertObject(entityName: "Customer", values: [("name", .string("Ann"))])
            try ctx.save()
        }
        let before = readBytes(path)
        let error = storeError { _ = try PersistentStore(sqlitePath: path, model: try makeTypesModel()) }
        #expect(error?.code == 134100)
        #expect(error?.message == "The model used to open the store is incompatible with the one used to create the store (\(path)): the store has entity Customer (Z_ENT 1), which the model does not.")
        #expect(readBytes(path) == before)
    }

    @Test("a read-only location is refused, and nothing is created")
    func readOnlyLocation() throws {
        // /proc is read-only even for root (the tests may run as root, where file modes do not apply).
        let path = "/proc/ripple-store-\(getpid()).sqlite"
        let error = storeError { _ = try PersistentStore(sqlitePath: path, model: try makeModel()) }
        #expect(error?.code == 513)
        #expect(error?.message == "The file “\(path)” couldn’t be opened because you don’t have permission to write to its location (SQLite error 14: unable to open database file).")
        #expect(access(path, F_OK) != 0)
    }

    @Test("a save that the store refuses changes nothing")
    func removedStoreRefusesSave() throws {
        let path = temporaryPath("removed")
        let model = try makeModel()
        let ctx = try context(model, path)
        let ann = try ctx.insertObject(entityName: "Customer", values: [("name", .string("Ann"))])
        try ctx.save()
        let store = ctx.persistentStoreCoordinator.defaultStore!
        let recorder = RecordingObserver()
        let token = ctx.addObserver(recorder)
        try ctx.persistentStoreCoordinator.removePersistentStore(store)
        #expect(ann.isInvalidated)
        #expect(ctx.registeredObjects.isEmpty)
        #expect(throws: ObjectGraphError.self) { try store.apply(writes: [], deletes: []) }
        token.cancel()
    }
}
