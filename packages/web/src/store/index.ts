import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import menu from './menuSlice';
import page from './pageSlice';
import settings from './settingsSlice';
import theme from './themeSlice';
import user from './userSlice';

const rootReducer = combineReducers({ settings, theme, user, page, menu });

export type RootState = ReturnType<typeof rootReducer>;

export const createAppStore = (preloadedState?: Partial<RootState>) =>
  configureStore({ reducer: rootReducer, preloadedState });

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const selectSignedIn = (state: RootState) => Boolean(state.user.userInfo && state.user.token);

/** Signed in with no password change due: only then does the console call more than the profile's API. */
export const selectMayUseApi = (state: RootState) => selectSignedIn(state) && !state.user.userInfo?.mustChangePassword;
