/**
 * German. Register: informal "du" (lower case) throughout, as is usual for driver apps; German typography
 * („…“ quotes, … ellipsis). Terminology: "Stopp"/"Stopps", "Route", "anmelden"/"abmelden", "Disposition".
 */
import type { Messages } from './en.ts';

export const de: Messages = {
  common: {
    appName: 'Droplane',
    ok: 'OK',
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
    retry: 'Erneut versuchen',
    save: 'Speichern',
    done: 'Fertig',
    edit: 'Bearbeiten',
    delete: 'Löschen',
    clear: 'Leeren',
    next: 'Weiter',
    back: 'Zurück',
    close: 'Schließen',
    refresh: 'Aktualisieren',
    later: 'Später',
    required: 'Pflichtfeld',
    loading: 'Wird geladen…',
    pleaseWait: 'Bitte warten…',
    stops_one: '{{count}} Stopp',
    stops_other: '{{count}} Stopps',
    stopProgress_one: '{{done}} von {{count}} Stopp',
    stopProgress_other: '{{done}} von {{count}} Stopps',
    routeIndex: 'Route {{index}}',
    distance: {
      km: '{{distance}} km',
      mi: '{{distance}} mi',
    },
    duration: {
      hoursMinutes: '{{hours}} Std. {{minutes}} Min.',
      minutes: '{{minutes}} Min.',
    },
    pullToRefresh: {
      pull: 'Zum Aktualisieren nach unten ziehen',
      release: 'Zum Aktualisieren loslassen',
      refreshing: 'Wird aktualisiert…',
    },
    a11y: {
      back: 'Zurück',
      close: 'Schließen',
      menu: 'Menü öffnen',
      moreOptions: 'Weitere Optionen',
      dismiss: 'Meldung schließen',
      logo: 'Droplane-Logo',
      loading: 'Wird geladen',
      previousStop: 'Vorheriger Stopp',
      nextStop: 'Nächster Stopp',
      goToStop: 'Zu Stopp {{number}}',
      openStop: 'Stopp {{number}} öffnen',
      resizeStopList: 'Größe der Stoppliste ändern',
      photo: 'Foto {{number}}',
      deletePhoto: 'Foto {{number}} löschen',
      signatureArea: 'Unterschriftsfeld',
      done: 'Erledigt',
      skipped: 'Übersprungen',
      unsent: 'Noch nicht gesendet',
      early: 'Zu früh',
      late: 'Zu spät',
    },
  },

  login: {
    title: 'Anmelden',
    emailStepText: 'Gib deine E-Mail-Adresse ein, um dich anzumelden.',
    email: 'E-Mail-Adresse',
    emailPlaceholder: 'name@beispiel.de',
    passwordTitle: 'Gib dein Passwort ein',
    password: 'Passwort',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    resetPassword: 'Passwort zurücksetzen',
    next: 'Weiter',
    signingIn: 'Anmeldung läuft…',
    resetSentTitle: 'Schau in dein Postfach',
    resetSent: 'Wir haben dir eine Anleitung zum Zurücksetzen deines Passworts an {{email}} geschickt.',
    backToSignIn: 'Zurück zur Anmeldung',
    resetText: 'Gib deine E-Mail-Adresse ein. Wir schicken dir dann eine Anleitung zum Zurücksetzen deines Passworts.',
    sendInstructions: 'Anleitung senden',
    terms: 'Mit der Anmeldung stimmst du den <terms>Nutzungsbedingungen</terms> zu.',
    termsLink: 'Nutzungsbedingungen',
  },

  account: {
    title: 'Konto',
    organisation: 'Unternehmen',
    signedOut: 'Du bist nicht angemeldet',
    myRoutes: 'Meine Routen',
    settings: 'Einstellungen',
    about: 'Über Droplane',
    signOut: 'Abmelden',
    signIn: 'Anmelden',
  },

  settings: {
    title: 'Einstellungen',
    rows: {
      language: 'Sprache',
      navigationMap: 'Navigations-App',
      distanceUnit: 'Entfernungseinheit',
      mapView: 'Kartenansicht',
    },
    options: {
      language: {
        en: 'English',
        nl: 'Nederlands',
        de: 'Deutsch',
      },
      navigationMap: {
        google: 'Google Maps',
        waze: 'Waze',
        apple: 'Apple Maps',
        yandex: 'Yandex Maps',
      },
      distanceUnit: {
        km: 'Kilometer',
        mi: 'Meilen',
      },
      mapView: {
        on: 'An',
        off: 'Aus',
      },
      mapTheme: {
        standard: 'Standard',
        light: 'Hell',
        dark: 'Dunkel',
      },
    },
    selected: 'Ausgewählt',
  },

  about: {
    title: 'Über Droplane',
    version: 'Version {{version}} vom {{date}}',
    copyright: '© {{year}} Droplane',
    terms: 'Nutzungsbedingungen',
    privacy: 'Datenschutzerklärung',
  },

  routes: {
    title: 'Meine Routen',
    tabs: {
      new: 'Neu',
      closed: 'Abgeschlossen',
    },
    groups: {
      inProgress: 'Laufend',
      today: 'Heute',
    },
    empty: 'Keine Routen',
    loading: 'Routen werden geladen…',
    refresh: 'Liste aktualisieren',
    fromCache: 'Zuletzt geladene Liste',
    offlineFromCache: 'Offline — zuletzt geladene Liste',
    offlineEmpty: 'Deine Routen erscheinen hier, sobald du wieder online bist.',
    loadFailed: 'Deine Routen konnten nicht geladen werden.',
    card: {
      continueRoute: 'Route fortsetzen',
      viewStops: 'Stopps ansehen',
      openRoute: 'Route öffnen',
      distance: 'Strecke',
      completionTime: 'Gesamtdauer',
    },
    preview: {
      title: 'Stopps',
      loading: 'Stopps werden geladen…',
      stopList: 'Stopps dieser Route',
    },
  },

  route: {
    loading: 'Route wird geladen…',
    view: {
      stopList: 'Stoppliste',
      savedCopy: 'Gespeicherte Route',
      offlineCopy: 'Offline – gespeicherte Route',
      loadingMap: 'Karte wird geladen…',
      carousel: 'Verbleibende Stopps',
      slide: '{{index}} von {{count}}',
    },
    actions: {
      directions: 'Navigation',
      moreInfo: 'Mehr Infos',
      arrived: 'Angekommen',
      startRoute: 'Route starten',
      resumeWork: 'Weiterarbeiten',
      completeRoute: 'Route abschließen',
    },
    start: {
      title: 'Route starten?',
      warning: 'Deine Empfänger werden benachrichtigt. Das lässt sich nicht rückgängig machen.',
      confirm: 'Route starten',
    },
    routeCompleted: 'Route abgeschlossen!',
    allDone: 'Alles erledigt!',
    breakTime: 'Pausenzeit',
    breakTimeMinutes: 'Pausenzeit: {{minutes}} Min.',
    stopRow: {
      plannedArrival: 'Geplante Ankunft',
      eta: 'Ankunft {{time}}',
      early: '{{minutes}} Min. zu früh',
      late: '{{minutes}} Min. zu spät',
      unitsShort: '{{count}} Stk.',
    },
    more: {
      title: 'Mehr',
      mapStyle: 'Kartenstil',
      myRoutes: 'Meine Routen',
      help: 'Hilfe',
      account: 'Konto',
    },
    map: {
      fitBounds: 'Ganze Route anzeigen',
      trackLocation: 'Meinem Standort folgen',
      yourLocation: 'Dein Standort',
    },
    finishing: 'Deine Route wird abgeschlossen…',
    changes: {
      updated: 'Deine Route wurde aktualisiert.',
      driverChanged:
        'Die Fahrerzuweisung dieser Route wurde geändert. Bitte aktualisiere die Routendaten und wende dich an deinen Administrator.',
      republished: 'Deine Route wurde neu veröffentlicht. Bitte aktualisiere deine Daten.',
    },
  },

  stop: {
    types: {
      start: 'Startpunkt',
      pickup: 'Abholung',
      delivery: 'Zustellung',
      break: 'Pause',
      end: 'Zielpunkt',
    },
    detail: {
      title: 'Stoppdetails',
      number: 'Stopp {{number}}',
      location: 'Adresse',
      notes: 'Notizen',
      load: 'Ladung',
      units_one: '{{count}} Einheit',
      units_other: '{{count}} Einheiten',
      type: 'Typ',
      timeWindow: 'Zeitfenster',
      noTimeWindow: 'Ganztägig',
      plannedEta: 'Geplante Ankunftszeit',
      duration: 'Dauer',
      completedAt: 'Abgeschlossen um',
      requirements: 'Zustellnachweis',
      allUnits: 'Alle Einheiten',
    },
    requirements: {
      signature: 'Unterschrift',
      ageVerification: 'Altersprüfung',
      photo: 'Foto',
    },
    actions: {
      skip: 'Überspringen',
      delivered: 'Zugestellt',
      call: 'Anrufen',
      arrived: 'Angekommen',
      viewCompletion: 'Abschluss ansehen',
      label: 'Aktionen für diesen Stopp',
      cleaningDisabled: 'Überspringen und Zugestellt werden bei diesem Kunden nicht verwendet. Tippe auf Angekommen, um den Stopp zu erfassen.',
    },
    units: {
      title: 'Einheiten',
      total: 'Gesamt',
      quantity: '{{quantity}} Stk.',
    },
  },

  complete: {
    title: 'Stopp abschließen',
    delivered: 'Zugestellt',
    pickedUp: 'Abgeholt',
    skipped: 'Übersprungen',
    proofOfDelivery: 'Zustellnachweis',
    signature: 'Unterschrift',
    addSignature: 'Unterschrift hinzufügen',
    ageVerification: 'Altersprüfung',
    verifyAge: 'Alter prüfen',
    bornOn: 'Geboren am {{date}}',
    photos: 'Fotos',
    addPhoto: 'Foto hinzufügen',
    photoCount: '{{count}} von 3 Fotos',
    photoTypes: 'Du kannst nur Fotos im JPEG- oder PNG-Format hinzufügen.',
    recipientNote: 'Notiz für den Empfänger',
    recipientNotePlaceholder: 'Der Empfänger sieht diese Notiz',
    internalNote: 'Notiz für den internen Gebrauch',
    internalNotePlaceholder: 'Nur dein Team sieht diese Notiz',
    noteCounter: '{{count}}/500',
    noteLimitReached: 'Maximal 500 Zeichen erreicht',
    addNote: 'Bitte füge eine Notiz hinzu',
    required: 'Pflichtfeld',
    edit: 'Bearbeiten',
    done: 'Fertig',
    delete: 'Löschen',
    saving: 'Wird gespeichert…',
    outcome: 'Ergebnis',
    notCollectable: 'Kann noch nicht in der App hinzugefügt werden',
    noNote: 'Keine Notiz',
    routeFinished: 'Die Route ist abgeschlossen, daher kann dieser Stopp nicht mehr geändert werden.',
  },

  signature: {
    title: 'Hier unterschreiben',
    agreement: 'Mit meiner Unterschrift bestätige ich den Empfang der Lieferung an der Adresse {{street}}.',
    name: 'Vor- und Nachname',
    clear: 'Leeren',
    done: 'Fertig',
    nameRequired: 'Name erforderlich!',
    rotate: 'Dreh dein Gerät ins Hochformat, um die Unterschrift zu erfassen',
  },

  ageVerification: {
    title: 'Geburtsdatum auswählen',
    verify: 'Prüfen',
    underage: 'Empfänger ist minderjährig!',
    year: 'Jahr',
    month: 'Monat',
    day: 'Tag',
  },

  cleaning: {
    title: 'Status auswählen',
    options: {
      washed: 'Gewaschen',
      not_outside: 'Nicht rausgestellt',
      dirty: 'Verschmutzt',
      full: 'Voll',
      other: 'Sonstiges',
    },
    definition: 'Beschreibung',
    definitionPlaceholder: 'Beschreib, was du vorgefunden hast',
    sticker: 'Aufkleber',
    save: 'Speichern',
  },

  proof: {
    signedBy: 'Unterschrieben von {{name}}',
    deleteSignature: 'Unterschrift löschen',
    deleteAgeVerification: 'Altersprüfung löschen',
    processingPhoto: 'Foto wird verarbeitet…',
    age_one: '{{count}} Jahr alt',
    age_other: '{{count}} Jahre alt',
  },

  dialogs: {
    ok: 'OK',
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
    loading: 'Bitte warten…',
    newChanges: {
      title: 'Neue Änderungen',
      message: 'Es gibt neue Änderungen an deiner Route. Aktualisiere, um sie zu laden.',
      refresh: 'Aktualisieren',
      later: 'Später',
    },
  },

  snackbars: {
    noInternet: 'Keine Internetverbindung',
    appUpdated: 'App erfolgreich aktualisiert',
    retry: 'Erneut versuchen',
  },

  errors: {
    oops: 'Hoppla',
    somethingWentWrong: 'Etwas ist schiefgelaufen',
    noDataFound: 'Keine Daten gefunden',
    routeExpired:
      'Deine Route ist abgelaufen. Wende dich für weitere Informationen an deinen Administrator (wahrscheinlich wurde eine neue Route für dich erstellt).',
    stopNotFound: 'Stopp nicht gefunden.',
    stopNotFoundReload: 'Stopp nicht gefunden. Bitte lade deine Route neu.',
    fetchRouteFailed: 'Beim Laden der Route ist etwas schiefgelaufen.',
    publicationSettingsMissing: 'Die Veröffentlichungseinstellungen konnten nicht geladen werden.',
    subscriptionCancelled: 'Das Abonnement deiner Organisation wurde gekündigt. Bitte wende dich an deine Teamleitung.',
    fallback: {
      title: 'Hoppla',
      message: 'Etwas ist schiefgelaufen',
      reload: 'App neu laden',
    },
    intent: {
      empty_field: 'Bitte fülle dieses Feld aus',
      too_long: 'Bitte verwende höchstens {{max}} Zeichen.',
      no_user: 'Kein Benutzer gefunden',
      incorrect_password: 'Falsches Passwort',
      offline: 'Keine Internetverbindung',
      unauthorized: 'Du wurdest automatisch abgemeldet',
      not_found: 'Keine Daten gefunden',
      subscription_cancelled:
        'Das Abonnement deiner Organisation wurde gekündigt. Bitte wende dich an deine Teamleitung.',
      route_expired:
        'Deine Route ist abgelaufen. Wende dich für weitere Informationen an deinen Administrator (wahrscheinlich wurde eine neue Route für dich erstellt).',
      stop_not_found: 'Stopp nicht gefunden. Bitte lade deine Route neu.',
      fetch_failed: 'Beim Laden der Route ist etwas schiefgelaufen.',
      no_publication_settings: 'Die Veröffentlichungseinstellungen konnten nicht geladen werden.',
      start_too_early: 'Du kannst diese Route erst am {{date}} starten.',
      unsent_pending:
        'Verbindung unterbrochen. Einige Änderungen wurden noch nicht gesendet, also schließ dieses Fenster bitte nicht.',
      blocked: 'Dieser Stopp kann noch nicht abgeschlossen werden.',
      unsupported_file: 'Es können nur JPEG- und PNG-Fotos hinzugefügt werden.',
      server_message: '{{message}}',
      unknown: 'Etwas ist schiefgelaufen',
    },
  },

  alerts: {
    title: 'Achtung',
    completeBreakFirst: 'Beende zuerst deine Pause.',
    startRouteFirst: 'Starte zuerst die Route.',
    routeAlreadyCompleted: 'Du hast die Route bereits abgeschlossen.',
    cannotCall: 'Du kannst den Kunden nicht anrufen.',
    signInToSeeRoutes: 'Melde dich an, um deine Routen zu sehen.',
    fulfillRequirements: 'Bitte erfülle die Anforderungen für den Zustellnachweis.',
    oneClickNotAllowed:
      'Direkt zustellen ist nicht möglich, da im Bildschirm „Angekommen“ noch Pflichtfelder auszufüllen sind.',
    completeAllStops: 'Schließe alle Stopps ab, bevor du an deinem Ziel ankommst.',
  },

  success: {
    stopSkipped: 'Stopp {{number}} übersprungen',
    stopPickedUp: 'Stopp {{number}} abgeholt',
    stopDelivered: 'Stopp {{number}} zugestellt',
    breakFinished: 'Pause beendet',
    photoAdded: 'Foto hinzugefügt',
    signatureAdded: 'Unterschrift hinzugefügt',
    ageVerified: 'Alter bestätigt',
    routeCompleted: 'Du hast deine Route abgeschlossen!',
  },

  connectivity: {
    offline: 'Du bist offline',
    notSentYet: 'Noch nicht gesendet',
    unsent_one: '{{count}} Stopp noch nicht gesendet',
    unsent_other: '{{count}} Stopps noch nicht gesendet',
    sending: 'Wird gesendet…',
    sendingUnsent: 'Deine ungesendeten Änderungen werden gesendet…',
    allSent: 'Alle Änderungen gesendet',
  },

  Route: {
    allowedStartDate: 'Du kannst diese Route erst am {{date}} starten.',
  },

  Stop: {
    incompleteAlert: 'Schließe zuerst Stopp {{number}} ab.',
  },

  AgeVerification: {
    successfull: 'Alter bestätigt: Der Empfänger ist mindestens 18 Jahre alt.',
    unsuccessfull: 'Altersprüfung fehlgeschlagen: Der Empfänger ist erst {{age}}.',
  },

  disabled: {
    photoCollection:
      'Fotos sind für diese Route nicht verfügbar. Wende dich an deine Disposition, um sie freischalten zu lassen.',
    signatureCollection:
      'Unterschriften sind für diese Route nicht verfügbar. Wende dich an deine Disposition, um sie freischalten zu lassen.',
    ageVerification:
      'Die Altersprüfung ist für diese Route nicht verfügbar. Wende dich an deine Disposition, um sie freischalten zu lassen.',
    completionNotes:
      'Notizen sind für diese Route nicht verfügbar. Wende dich an deine Disposition, um sie freischalten zu lassen.',
  },

  lostConnectivity:
    'Verbindung unterbrochen. Einige Änderungen wurden noch nicht gesendet, also schließ dieses Fenster bitte nicht.',
};
