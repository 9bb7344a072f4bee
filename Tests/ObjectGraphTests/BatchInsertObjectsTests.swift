import Testing
@testable import ObjectGraph

/// `BatchRequest.Action.insertObjects` (flat fields, one pass) against `.insert(objects:)` (dictionaries):
/// the same rows, IDs and errors, and nothing written on error.
@Suite struct BatchInsertObjectsTests {
    /// The flat list of `objects`, keys in the order they are first met.
    static func flat(_ objects: [[(String, Value)]]) -> BatchInsertObjects {
        var list = BatchInsertObjects()
        for object in objects {
            for (key, value) in object {
                let k = list.keys.firstIndex(of: key).map(Int32.init) ?? list.append(key: key)
                list.append(.init(key: k, value: value))
            }
            list.endObject()
        }
        return list
    }

    /// Runs `objects` both ways on fresh contexts; returns each outcome and the stored rows.
    static func both(_ objects: [[(String, Value)]]) throws -> [String] {
        let list = flat(objects)
        return try [BatchRequest.Action.insertObjects(list), .insert(objects: list.dictionaries)].map { action in
            // Each way's store gets the first deterministic UUID, so the outcomes compare equal.
            StoreIdentity.current = StoreIdentity.Sequence()
            defer { StoreIdentity.current = nil }
            let context = try makeContext()
            let outcome: String
            do {
                outcome = "\(try context.execute(BatchRequest(entityName: "Customer", action: action, resultType: .objectIDs)))"
            } catch {
                outcome = "error \(error)"
            }
            let rows = (1...3).map { n in
                context.persistentStoreCoordinator.row(for: ManagedObjectID(entityName: "Customer", number: n, isTemporaryID: false))
                    .map { "\($0.attributes)" } ?? "-"
            }
            return outcome + " " + rows.joined(separator: ";")
        }
    }

    @Test("valid objects: the same rows and IDs both ways")
    func valid() throws {
        let results = try Self.both([[("name", .string("Ann")), ("age", .double(3))], [("age", .integer(4)), ("name", .string("Bob"))]])
        #expect(results[0] == results[1])
        #expect(results[0] == #"objectIDs([x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1, x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p2]) ["Ann", 3, nil];["Bob", 4, nil];-"#)
    }

    @Test("each class of bad object: the same error both ways, nothing written")
    func errors() throws {
        for objects: [[(String, Value)]] in [
            [[("name", .string("Ann"))], [("name", .string("Bob")), ("nickname", .string("B"))]],
            [[("name", .string("Ann"))], [("name", .string("Bob")), ("age", .string("x"))]],
            [[("name", .string("Ann"))], [("age", .integer(2))]],
            [[("name", .string("Ann")), ("note", .string("t"))]],
            [[("name", .string("Ann")), ("orders", .null)]],
        ] {
            let results = try Self.both(objects)
            #expect(results[0] == results[1])
            #expect(results[0].hasPrefix("error "))
            #expect(results[0].hasSuffix(" -;-;-"))
        }
    }
}
