/**
 * Dutch. Register: informal "je"/"jij" throughout; Dutch typography (‘…’ quotes, ’ apostrophes, … ellipsis).
 * Terminology: "stop" for a stop, "route" for a route, "inloggen"/"uitloggen".
 */
import type { Messages } from './en.ts';

export const nl: Messages = {
  common: {
    appName: 'Droplane',
    ok: 'OK',
    confirm: 'Bevestigen',
    cancel: 'Annuleren',
    retry: 'Opnieuw proberen',
    save: 'Opslaan',
    done: 'Klaar',
    edit: 'Bewerken',
    delete: 'Verwijderen',
    clear: 'Wissen',
    next: 'Volgende',
    back: 'Terug',
    close: 'Sluiten',
    refresh: 'Vernieuwen',
    later: 'Niet nu',
    required: 'Verplicht',
    loading: 'Laden…',
    pleaseWait: 'Even geduld…',
    stops_one: '{{count}} stop',
    stops_other: '{{count}} stops',
    stopProgress_one: '{{done}} van {{count}} stop',
    stopProgress_other: '{{done}} van {{count}} stops',
    routeIndex: 'Route {{index}}',
    distance: {
      km: '{{distance}} km',
      mi: '{{distance}} mijl',
    },
    duration: {
      hoursMinutes: '{{hours}} u {{minutes}} min',
      minutes: '{{minutes}} min',
    },
    pullToRefresh: {
      pull: 'Trek omlaag om te vernieuwen',
      release: 'Laat los om te vernieuwen',
      refreshing: 'Vernieuwen…',
    },
    a11y: {
      back: 'Terug',
      close: 'Sluiten',
      menu: 'Menu openen',
      moreOptions: 'Meer opties',
      dismiss: 'Melding sluiten',
      logo: 'Droplane-logo',
      loading: 'Bezig met laden',
      previousStop: 'Vorige stop',
      nextStop: 'Volgende stop',
      goToStop: 'Ga naar stop {{number}}',
      openStop: 'Stop {{number}} openen',
      resizeStopList: 'Grootte van de stoplijst aanpassen',
      photo: 'Foto {{number}}',
      deletePhoto: 'Foto {{number}} verwijderen',
      signatureArea: 'Handtekeningvak',
      done: 'Afgerond',
      skipped: 'Overgeslagen',
      unsent: 'Nog niet verstuurd',
      early: 'Te vroeg',
      late: 'Te laat',
    },
  },

  login: {
    title: 'Inloggen',
    emailStepText: 'Vul je e-mailadres in om in te loggen.',
    email: 'E-mailadres',
    emailPlaceholder: 'naam@voorbeeld.nl',
    passwordTitle: 'Vul je wachtwoord in',
    password: 'Wachtwoord',
    showPassword: 'Wachtwoord tonen',
    hidePassword: 'Wachtwoord verbergen',
    resetPassword: 'Wachtwoord resetten',
    next: 'Volgende',
    signingIn: 'Bezig met inloggen…',
    resetSentTitle: 'Check je inbox',
    resetSent: 'We hebben instructies om je wachtwoord te resetten naar {{email}} gestuurd.',
    backToSignIn: 'Terug naar inloggen',
    resetText: 'Vul je e-mailadres in, dan sturen we je instructies om je wachtwoord te resetten.',
    sendInstructions: 'Instructies versturen',
    terms: 'Door in te loggen ga je akkoord met de <terms>gebruiksvoorwaarden</terms>.',
    termsLink: 'Gebruiksvoorwaarden',
  },

  account: {
    title: 'Mijn account',
    organisation: 'Organisatie',
    signedOut: 'Je bent niet ingelogd',
    myRoutes: 'Mijn routes',
    settings: 'Instellingen',
    about: 'Over Droplane',
    signOut: 'Uitloggen',
    signIn: 'Inloggen',
  },

  settings: {
    title: 'Instellingen',
    rows: {
      language: 'Taal',
      navigationMap: 'Navigatie',
      distanceUnit: 'Afstandseenheid',
      mapView: 'Kaartweergave',
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
        mi: 'Mijl',
      },
      mapView: {
        on: 'Aan',
        off: 'Uit',
      },
      mapTheme: {
        standard: 'Standaard',
        light: 'Licht',
        dark: 'Donker',
      },
    },
    selected: 'Geselecteerd',
  },

  about: {
    title: 'Over Droplane',
    version: 'Versie {{version}} ({{date}})',
    copyright: '© {{year}} Droplane',
    terms: 'Gebruiksvoorwaarden',
    privacy: 'Privacybeleid',
  },

  routes: {
    title: 'Mijn routes',
    tabs: {
      new: 'Nieuw',
      closed: 'Afgerond',
    },
    groups: {
      inProgress: 'Bezig',
      today: 'Vandaag',
    },
    empty: 'Geen routes',
    loading: 'Routes laden…',
    refresh: 'Lijst vernieuwen',
    fromCache: 'Laatst opgehaalde lijst',
    offlineFromCache: 'Offline — laatst opgehaalde lijst',
    offlineEmpty: 'Je routes verschijnen hier zodra je weer online bent.',
    loadFailed: 'Je routes konden niet worden geladen.',
    card: {
      continueRoute: 'Route hervatten',
      viewStops: 'Stops bekijken',
      openRoute: 'Route openen',
      distance: 'Afstand',
      completionTime: 'Totale tijd',
    },
    preview: {
      title: 'Stoplijst',
      loading: 'Stops laden…',
      stopList: 'Stops van deze route',
    },
  },

  route: {
    loading: 'Route laden…',
    actions: {
      directions: 'Navigeren',
      moreInfo: 'Meer info',
      arrived: 'Aangekomen',
      startRoute: 'Route starten',
      resumeWork: 'Weer aan de slag',
      completeRoute: 'Route afronden',
    },
    start: {
      title: 'Route starten?',
      warning: 'Je ontvangers krijgen een melding. Dit kun je niet ongedaan maken.',
      confirm: 'Route starten',
    },
    routeCompleted: 'Route afgerond!',
    allDone: 'Helemaal klaar!',
    breakTime: 'Pauzetijd',
    breakTimeMinutes: 'Pauzetijd: {{minutes}} min',
    stopRow: {
      plannedArrival: 'Geplande aankomst',
      eta: 'Aankomst {{time}}',
      early: '{{minutes}} min te vroeg',
      late: '{{minutes}} min te laat',
      unitsShort: '{{count}} st.',
    },
    more: {
      title: 'Meer',
      mapStyle: 'Kaartstijl',
      myRoutes: 'Mijn routes',
      help: 'Hulp',
      account: 'Mijn account',
    },
    map: {
      fitBounds: 'Hele route tonen',
      trackLocation: 'Mijn locatie volgen',
      yourLocation: 'Jouw locatie',
    },
    finishing: 'Je route wordt afgerond…',
    changes: {
      updated: 'Je route is bijgewerkt.',
      driverChanged:
        'De chauffeur van deze route is gewijzigd. Vernieuw de routegegevens en neem contact op met je beheerder.',
      republished: 'Je route is opnieuw gepubliceerd. Vernieuw je gegevens.',
    },
  },

  stop: {
    types: {
      start: 'Vertrekpunt',
      pickup: 'Ophalen',
      delivery: 'Levering',
      break: 'Pauze',
      end: 'Eindpunt',
    },
    detail: {
      title: 'Stopgegevens',
      number: 'Stop {{number}}',
      location: 'Locatie',
      notes: 'Notities',
      load: 'Lading',
      units_one: '{{count}} eenheid',
      units_other: '{{count}} eenheden',
      type: 'Soort',
      timeWindow: 'Tijdvak',
      noTimeWindow: 'Hele dag',
      plannedEta: 'Geplande aankomsttijd',
      duration: 'Duur',
      completedAt: 'Afgerond om',
      requirements: 'Afleverbewijs',
    },
    requirements: {
      signature: 'Handtekening',
      ageVerification: 'Leeftijdscontrole',
      photo: 'Foto',
    },
    actions: {
      skip: 'Overslaan',
      delivered: 'Afgeleverd',
      call: 'Bellen',
      arrived: 'Aangekomen',
    },
    units: {
      title: 'Eenheden',
      total: 'Totaal',
      quantity: '{{quantity}} st.',
    },
  },

  complete: {
    title: 'Stop afronden',
    delivered: 'Afgeleverd',
    pickedUp: 'Opgehaald',
    skipped: 'Overgeslagen',
    proofOfDelivery: 'Afleverbewijs',
    signature: 'Handtekening',
    addSignature: 'Handtekening toevoegen',
    ageVerification: 'Leeftijdscontrole',
    verifyAge: 'Leeftijd controleren',
    bornOn: 'Geboren op {{date}}',
    photos: 'Foto’s',
    addPhoto: 'Foto toevoegen',
    photoCount: '{{count}} van 3 foto’s',
    photoTypes: 'Je kunt alleen JPEG- en PNG-foto’s toevoegen.',
    recipientNote: 'Notitie voor ontvanger',
    recipientNotePlaceholder: 'De ontvanger ziet deze notitie',
    internalNote: 'Notitie voor intern gebruik',
    internalNotePlaceholder: 'Alleen je team ziet deze notitie',
    noteCounter: '{{count}}/500',
    noteLimitReached: 'Maximum van 500 tekens bereikt',
    addNote: 'Voeg een notitie toe',
    required: 'Verplicht',
    edit: 'Bewerken',
    done: 'Klaar',
    delete: 'Verwijderen',
    saving: 'Opslaan…',
  },

  signature: {
    title: 'Teken hieronder',
    agreement: 'Met mijn handtekening bevestig ik de ontvangst van de levering op het adres {{street}}.',
    name: 'Naam',
    clear: 'Wissen',
    done: 'Klaar',
    nameRequired: 'Naam verplicht!',
    rotate: 'Houd je toestel rechtop (staande modus) om de handtekening vast te leggen',
  },

  ageVerification: {
    title: 'Kies de geboortedatum',
    verify: 'Controleren',
    underage: 'Ontvanger is minderjarig!',
    year: 'Jaar',
    month: 'Maand',
    day: 'Dag',
  },

  cleaning: {
    title: 'Kies een status',
    options: {
      washed: 'Gewassen',
      not_outside: 'Niet buitengezet',
      dirty: 'Vies',
      full: 'Vol',
      other: 'Anders',
    },
    definition: 'Omschrijving',
    definitionPlaceholder: 'Beschrijf wat je aantrof',
    sticker: 'Sticker geplakt',
    save: 'Opslaan',
  },

  dialogs: {
    ok: 'OK',
    confirm: 'Bevestigen',
    cancel: 'Annuleren',
    loading: 'Even geduld…',
    newChanges: {
      title: 'Nieuwe wijzigingen',
      message: 'Er zijn nieuwe wijzigingen in je route. Vernieuw om ze te laden.',
      refresh: 'Vernieuwen',
      later: 'Niet nu',
    },
  },

  snackbars: {
    noInternet: 'Geen internetverbinding',
    appUpdated: 'De app is bijgewerkt',
    retry: 'Opnieuw proberen',
  },

  errors: {
    oops: 'Oeps',
    somethingWentWrong: 'Er ging iets mis',
    noDataFound: 'Geen gegevens gevonden',
    routeExpired:
      'Je route is verlopen. Neem contact op met je beheerder voor meer informatie (waarschijnlijk is er een nieuwe route voor je aangemaakt).',
    stopNotFound: 'Stop niet gevonden.',
    stopNotFoundReload: 'Stop niet gevonden. Laad je route opnieuw.',
    fetchRouteFailed: 'Er ging iets mis bij het ophalen van de route.',
    publicationSettingsMissing: 'De publicatie-instellingen konden niet worden opgehaald.',
    subscriptionCancelled: 'Het abonnement van je organisatie is opgezegd. Neem contact op met je leidinggevende.',
    fallback: {
      title: 'Oeps',
      message: 'Er ging iets mis',
      reload: 'App opnieuw laden',
    },
    intent: {
      empty_field: 'Vul dit veld in',
      too_long: 'Gebruik maximaal {{max}} tekens.',
      no_user: 'Geen gebruiker gevonden',
      incorrect_password: 'Onjuist wachtwoord',
      offline: 'Geen internetverbinding',
      unauthorized: 'Je bent automatisch uitgelogd',
      not_found: 'Geen gegevens gevonden',
      subscription_cancelled: 'Het abonnement van je organisatie is opgezegd. Neem contact op met je leidinggevende.',
      route_expired:
        'Je route is verlopen. Neem contact op met je beheerder voor meer informatie (waarschijnlijk is er een nieuwe route voor je aangemaakt).',
      stop_not_found: 'Stop niet gevonden. Laad je route opnieuw.',
      fetch_failed: 'Er ging iets mis bij het ophalen van de route.',
      no_publication_settings: 'De publicatie-instellingen konden niet worden opgehaald.',
      start_too_early: 'Je kunt deze route pas starten op {{date}}.',
      unsent_pending: 'Verbinding verbroken. Sommige wijzigingen zijn nog niet verstuurd, dus sluit dit venster niet.',
      blocked: 'Deze stop kan nog niet worden afgerond.',
      unsupported_file: 'Je kunt alleen JPEG- en PNG-foto’s toevoegen.',
      server_message: '{{message}}',
      unknown: 'Er ging iets mis',
    },
  },

  alerts: {
    title: 'Let op',
    completeBreakFirst: 'Rond eerst je pauze af.',
    startRouteFirst: 'Start eerst de route.',
    routeAlreadyCompleted: 'Je hebt de route al afgerond.',
    cannotCall: 'Je kunt de klant niet bellen.',
    signInToSeeRoutes: 'Log in om je routes te zien.',
    fulfillRequirements: 'Voldoe eerst aan de eisen voor het afleverbewijs.',
    oneClickNotAllowed:
      'Direct afleveren is niet mogelijk: in het scherm ‘Aangekomen’ staan nog verplichte velden die je moet invullen.',
    completeAllStops: 'Rond alle stops af voordat je bij je eindbestemming aankomt.',
  },

  success: {
    stopSkipped: 'Stop {{number}} overgeslagen',
    stopPickedUp: 'Stop {{number}} opgehaald',
    stopDelivered: 'Stop {{number}} afgeleverd',
    breakFinished: 'Pauze afgerond',
    photoAdded: 'Foto toegevoegd',
    signatureAdded: 'Handtekening toegevoegd',
    ageVerified: 'Leeftijd gecontroleerd',
    routeCompleted: 'Je hebt je route afgerond!',
  },

  connectivity: {
    offline: 'Je bent offline',
    notSentYet: 'Nog niet verstuurd',
    unsent_one: '{{count}} stop nog niet verstuurd',
    unsent_other: '{{count}} stops nog niet verstuurd',
    sending: 'Versturen…',
    sendingUnsent: 'Je niet-verstuurde wijzigingen worden verstuurd…',
    allSent: 'Alle wijzigingen zijn verstuurd',
  },

  Route: {
    allowedStartDate: 'Je kunt deze route pas starten op {{date}}.',
  },

  Stop: {
    incompleteAlert: 'Rond eerst stop {{number}} af.',
  },

  AgeVerification: {
    successfull: 'Leeftijd gecontroleerd: de ontvanger is 18 jaar of ouder.',
    unsuccessfull: 'Leeftijdscontrole mislukt: de ontvanger is pas {{age}}.',
  },

  disabled: {
    photoCollection:
      'Foto’s zijn niet beschikbaar voor deze route. Neem contact op met je planner om dit aan te laten zetten.',
    signatureCollection:
      'Handtekeningen zijn niet beschikbaar voor deze route. Neem contact op met je planner om dit aan te laten zetten.',
    ageVerification:
      'Leeftijdscontrole is niet beschikbaar voor deze route. Neem contact op met je planner om dit aan te laten zetten.',
    completionNotes:
      'Notities zijn niet beschikbaar voor deze route. Neem contact op met je planner om dit aan te laten zetten.',
  },

  lostConnectivity: 'Verbinding verbroken. Sommige wijzigingen zijn nog niet verstuurd, dus sluit dit venster niet.',
};
