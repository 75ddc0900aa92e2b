import { type ComponentType, createElement, lazy, type ReactNode } from 'react'
import { BrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router'
import { Guarded } from './components/Guarded.tsx'
import { Layout } from './components/Layout.tsx'
import { LoginPage } from './pages/login/LoginPage.tsx'
import { NotFoundPage } from './pages/not-found/NotFoundPage.tsx'

/** Each screen is its own chunk, so /login loads only what it needs. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return createElement(lazy(async () => ({ default: (await load())[name] })))
}

const guarded = (element: ReactNode) => <Guarded>{element}</Guarded>

/**
 * Declarative routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data
 * router would add its code to the first load of every page.
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      {
        path: '/sent-mail',
        element: page(() => import('./pages/sent-mail/SentMailPage.tsx'), 'SentMailPage'),
      },
      {
        path: '/dashboard',
        element: page(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage'),
      },
      { path: '/signup', element: page(() => import('./pages/signup/SignupPage.tsx'), 'SignupPage') },
      {
        path: '/priceselection',
        element: page(() => import('./pages/pricing/PriceSelectionPage.tsx'), 'PriceSelectionPage'),
      },
      {
        path: '/paymentmethod',
        element: page(() => import('./pages/pricing/PaymentMethodPage.tsx'), 'PaymentMethodPage'),
      },
      {
        path: '/PaymentForm',
        element: page(() => import('./pages/pricing/PaymentFormPage.tsx'), 'PaymentFormPage'),
      },
      {
        path: '/onboarding',
        element: guarded(page(() => import('./pages/onboarding/OnboardingPage.tsx'), 'OnboardingPage')),
      },
      { path: '/start', element: page(() => import('./pages/start/ShortQuizPage.tsx'), 'ShortQuizPage') },
      { path: '/start-b', element: page(() => import('./pages/start/ShortQuizPage.tsx'), 'ShortQuizPage') },
      {
        path: '/interview',
        element: guarded(page(() => import('./pages/interview/InterviewPage.tsx'), 'InterviewPage')),
      },
      {
        path: '/paywall',
        element: guarded(page(() => import('./pages/paywall/PaywallPage.tsx'), 'PaywallPage')),
      },
      {
        path: '/cat-assistant',
        element: guarded(page(() => import('./pages/chat/CatAssistantPage.tsx'), 'CatAssistantPage')),
      },
      {
        path: '/cat-assistant-b',
        element: page(() => import('./pages/chat-b/CatAssistantBPage.tsx'), 'CatAssistantBPage'),
      },
      {
        path: '/cat-profile',
        element: guarded(page(() => import('./pages/cat-profile/CatProfilePage.tsx'), 'CatProfilePage')),
      },
      {
        path: '/progress',
        element: guarded(page(() => import('./pages/progress/ProgressPage.tsx'), 'ProgressPage')),
      },
      { path: '/privacy', element: page(() => import('./pages/legal/PrivacyPage.tsx'), 'PrivacyPage') },
      { path: '/terms', element: page(() => import('./pages/legal/TermsPage.tsx'), 'TermsPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

function AppRoutes() {
  return useRoutes(routes)
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
