import GRDB

/// Migration v48 as it ran: literal SQL that calls no app code, never to be edited.
enum V48PlannedOccurrences {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v48: occurrences planned for a day, found without reading them all") { db in
            // The service's look finds the occurrences moved to a day that has come, across members: a small index
            // of only the planned ones, instead of a read of every occurrence ever posted.
            try db.execute(
                sql: """
                    CREATE INDEX occurrence_on_planned_postOn ON occurrence (postOn) WHERE state = 'planned'
                    """
            )
        }
    }
}
